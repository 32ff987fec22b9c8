#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem
import Synchronization

/// The App Group defaults of iOS (`UserDefaults(suiteName:)`), shared by `weatherhub` and `weatherctl`:
/// one small JSON file in the group container directory, readable and writable by the service's user and
/// group.
///
/// Crash-safe and safe for several processes: every change is a read-modify-write under a file lock that
/// ends in an atomic replace with fsync, so readers see the old file or the new one, never a torn one. A
/// file that cannot be read (hand-edited, a failing card) never takes the service down: readers keep the
/// last good values and `problem` says why. Keys this version does not know are kept as they are.
public final class SharedDefaults: Sendable {
    /// The file layout version this build reads and writes.
    public static let schemaVersion = 1

    public let suiteName: String
    /// The defaults file.
    public let path: String
    private let lock: FileLock
    private let cache = Mutex<Cache?>(nil)
    /// The file as this instance last wrote it, so `changes()` can leave out its own writes.
    private let lastWrite = Mutex<FileSignature?>(nil)

    private struct Cache {
        var signature: FileSignature?
        var values: SharedDefaultsValues
        var problem: SharedDefaultsError?
    }

    /// Opens (and creates when missing) the suite's file in `containerDirectory`. The directory is
    /// created group-shared (setgid, mode 2770) so files in it keep the group.
    public init(suiteName: String, containerDirectory: String) throws {
        self.suiteName = suiteName
        self.path = "\(containerDirectory)/\(suiteName).json"
        self.lock = FileLock(path: "\(containerDirectory)/\(suiteName).lock")
        do {
            try AtomicFile.createDirectory(containerDirectory, permissions: 0o2770)
        } catch let error as SystemError {
            throw Self.error(from: error, path: containerDirectory)
        }
    }

    /// The value stored for `key`, or its default. Never fails: an unreadable file gives the last good
    /// values (see `problem`).
    public func value<Value>(for key: DefaultsKey<Value>) -> Value {
        read().values[key]
    }

    /// Every value as of now, with the reason the file could not be read if it could not.
    public func read() -> (values: SharedDefaultsValues, problem: SharedDefaultsError?) {
        cache.withLock { cache in
            let signature = FileSignature(path: path)
            if let current = cache, current.signature == signature, signature != nil || current.problem == nil {
                return (current.values, current.problem)
            }
            let lastGood = cache?.values ?? SharedDefaultsValues()
            do throws(SharedDefaultsError) {
                let values = try load() ?? SharedDefaultsValues()
                cache = Cache(signature: signature, values: values, problem: nil)
            } catch {
                cache = Cache(signature: signature, values: lastGood, problem: error)
            }
            return (cache!.values, cache!.problem)
        }
    }

    /// Why the file could not be read the last time, if it could not.
    public var problem: SharedDefaultsError? { read().problem }

    /// Stores one value durably: once this returns, the value survives a crash or power cut.
    public func set<Value>(_ value: Value, for key: DefaultsKey<Value>) throws {
        try update { $0[key] = value }
    }

    /// Changes several values in one atomic step. A corrupt file is replaced (its content was already
    /// unusable); a file from a newer version is left alone.
    public func update(by writer: String = "weatherhub", _ change: (inout SharedDefaultsValues) throws -> Void) throws {
        do {
            try lock.withExclusiveLock {
                var values: SharedDefaultsValues
                do {
                    values = try load() ?? SharedDefaultsValues()
                } catch let error as SharedDefaultsError where error.code == .corrupt {
                    values = SharedDefaultsValues()
                }
                try change(&values)
                let file = DefaultsFile(
                    schema: Self.schemaVersion, updated: Date().timeIntervalSince1970, updatedBy: writer,
                    values: values.storage)
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                try AtomicFile.write(try encoder.encode(file), to: path, permissions: 0o660)
                lastWrite.withLock { $0 = FileSignature(path: path) }
            }
        } catch let error as SystemError {
            throw Self.error(from: error, path: path)
        }
        cache.withLock { $0 = nil }
    }

    /// An element each time someone else (another process, another instance) replaces the file; this
    /// instance's own writes are left out, so the service does not react to what it stored itself. Stop
    /// iterating to stop watching.
    public func changes() throws -> AsyncStream<Void> {
        let directory = String(path[..<path.lastIndex(of: "/")!])
        let name = String(path[path.index(after: path.lastIndex(of: "/")!)...])
        return try FileChanges.stream(directory: directory, fileName: name) { [self] in isLastWriteOwn() }
    }

    /// Whether the file is still as this instance last wrote it. Taken under the file lock, so a write
    /// whose rename the watch already saw has recorded itself by then.
    private func isLastWriteOwn() -> Bool {
        let own = try? lock.withExclusiveLock {
            let current = FileSignature(path: path)
            return current != nil && current == lastWrite.withLock { $0 }
        }
        return own ?? false
    }

    private func load() throws(SharedDefaultsError) -> SharedDefaultsValues? {
        let data: Data?
        do {
            data = try AtomicFile.read(path)
        } catch {
            throw Self.error(from: error, path: path)
        }
        guard let data else { return nil }
        let file: DefaultsFile
        do {
            file = try JSONDecoder().decode(DefaultsFile.self, from: data)
        } catch {
            throw SharedDefaultsError(.corrupt, path: path, detail: "not a defaults file: \(error)")
        }
        guard file.schema <= Self.schemaVersion else {
            throw SharedDefaultsError(.newerSchema, path: path, detail: "schema \(file.schema), this version knows \(Self.schemaVersion)")
        }
        return SharedDefaultsValues(storage: file.values)
    }

    private static func error(from error: any Error, path: String) -> SharedDefaultsError {
        guard let system = error as? SystemError else {
            return SharedDefaultsError(.system, path: path, detail: "\(error)")
        }
        let reason = system.reason
        return SharedDefaultsError(system.isPermissionDenied ? .permissionDenied : .system, path: path, detail: reason)
    }
}

/// The file as stored: a version, who wrote it last and when, and the values by key name.
struct DefaultsFile: Codable {
    var schema: Int
    var updated: Double
    var updatedBy: String
    var values: [String: JSONValue]
}

/// Identifies one version of a file cheaply (inode, size, modification time), to skip re-reading it.
struct FileSignature: Hashable, Sendable {
    var inode: UInt64
    var size: Int64
    var modified: Int64

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }
}
