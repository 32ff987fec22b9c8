#if canImport(Glibc)
import Glibc
#endif

/// Reports when a file in a directory is replaced or rewritten (inotify), so a process notices changes
/// other processes make to a shared file without polling. Atomic replacements (`rename`) are seen too.
public enum FileChanges {
    /// A stream with an element whenever `fileName` in `directory` is written, replaced or deleted,
    /// except when `isOwnChange` (asked on the watcher's thread right after the event) says the watcher's
    /// own process made it.
    public static func stream(
        directory: String, fileName: String, isOwnChange: @escaping @Sendable () -> Bool = { false }
    ) throws -> AsyncStream<Void> {
        let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { throw SystemError.current("watch", path: directory) }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_CREATE)
        guard inotify_add_watch(fd, directory, mask) >= 0 else {
            let error = SystemError.current("watch", path: directory)
            close(fd)
            throw error
        }
        return try DescriptorWatch.stream(of: fd, name: "file watch") { fd in
            namesChanged(in: fd).contains(fileName) && !isOwnChange()
        }
    }

    /// Reads every pending inotify event and returns the names it mentions.
    private static func namesChanged(in fd: Int32) -> Set<String> {
        var names: Set<String> = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return names }
            var offset = 0
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                let nameLength = buffer.withUnsafeBytes { raw in
                    Int(raw.loadUnaligned(fromByteOffset: offset + headerSize - 4, as: UInt32.self))
                }
                let nameStart = offset + headerSize
                let nameBytes = buffer[nameStart..<min(nameStart + nameLength, count)].prefix { $0 != 0 }
                names.insert(String(decoding: nameBytes, as: UTF8.self))
                offset = nameStart + nameLength
            }
        }
    }
}
