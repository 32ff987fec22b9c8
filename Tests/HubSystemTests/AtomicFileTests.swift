import Foundation
import Glibc
import HubSystem
import Testing

@Suite("Atomic file writes")
struct AtomicFileTests {
    @Test("a write replaces the whole file and leaves no temporary file behind")
    func replacesWholeFile() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("state.json")
        try AtomicFile.write(Data("old content that is longer".utf8), to: path)
        try AtomicFile.write(Data("new".utf8), to: path)
        #expect(try AtomicFile.read(path) == Data("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["state.json"])
    }

    @Test("the file gets exactly the requested permissions, whatever the umask")
    func permissions() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("secret")
        let previous = umask(0o077)
        defer { umask(previous) }
        try AtomicFile.write(Data("x".utf8), to: path, permissions: 0o660)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o660)
    }

    @Test("reading a missing file gives nil; writing into a missing directory names the path")
    func missing() throws {
        #expect(try AtomicFile.read("/nonexistent-\(UUID())/file") == nil)
        let error = #expect(throws: SystemError.self) {
            try AtomicFile.write(Data(), to: "/nonexistent-dir/file")
        }
        #expect(error?.isMissing == true)
        #expect(error?.description.contains("/nonexistent-dir/file") == true)
    }

    @Test("nested directories are created with their mode")
    func createDirectory() throws {
        let directory = TemporaryDirectory()
        let nested = directory.file("a/b/c")
        try AtomicFile.createDirectory(nested, permissions: 0o750)
        try AtomicFile.createDirectory(nested, permissions: 0o750)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: nested, isDirectory: &isDirectory) && isDirectory.boolValue)
    }
}
