import Foundation
import HubSystem
import Synchronization
import Testing

@Suite("File lock")
struct FileLockTests {
    @Test("read-modify-write cycles under the lock never lose an update")
    func mutualExclusion() async throws {
        let directory = TemporaryDirectory()
        let lock = FileLock(path: directory.file("counter.lock"))
        let counter = directory.file("counter")
        try AtomicFile.write(Data("0".utf8), to: counter)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<25 {
                        try! lock.withExclusiveLock {
                            let value = Int(String(decoding: try AtomicFile.read(counter)!, as: UTF8.self))!
                            try AtomicFile.write(Data("\(value + 1)".utf8), to: counter)
                        }
                    }
                }
            }
        }
        #expect(String(decoding: try AtomicFile.read(counter)!, as: UTF8.self) == "100")
    }
}
