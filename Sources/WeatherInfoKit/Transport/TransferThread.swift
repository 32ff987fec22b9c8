import Glibc

/// Starts detached POSIX threads for blocking work that must stay off Swift's cooperative pool.
enum TransferThread {
    /// Stack of a transfer thread: libcurl and an OpenSSL handshake need far less than the 8 MiB default.
    static let stackSize = 512 * 1024

    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs `body` on a new detached thread; `false` when the system refused to create one.
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(&attributes, stackSize)

        let context = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, &attributes, { context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        if result != 0 {
            Unmanaged<Work>.fromOpaque(context).release()
            return false
        }
        return true
    }
}
