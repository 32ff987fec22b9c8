#if canImport(Glibc)
import Glibc
#endif
import CHubSystem
import Synchronization

/// Waits on a descriptor in a thread of its own (the wait blocks) and hands each wake-up to Swift
/// concurrency as an element of an `AsyncStream`. Ending the iteration stops the thread and closes the
/// descriptor; nothing polls.
enum DescriptorWatch {
    /// Starts watching `descriptor` (which the watch owns from now on). `consume` runs on the watch thread
    /// after each wake-up, reads what is pending and says whether it is worth an element.
    static func stream(
        of descriptor: Int32, name: String, consume: @escaping @Sendable (Int32) -> Bool
    ) throws -> AsyncStream<Void> {
        var ends: [Int32] = [-1, -1]
        guard chubsystem_pipe(&ends) == 0 else {
            close(descriptor)
            throw SystemError.current("pipe for \(name)")
        }
        let stopRead = ends[0], stopWrite = ends[1]
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let state = Mutex(false)  // true once the thread has closed its descriptors
        continuation.onTermination = { _ in
            state.withLock { exited in
                if !exited {
                    var byte: UInt8 = 1
                    _ = write(stopWrite, &byte, 1)
                }
            }
            close(stopWrite)
        }
        let loop = WatchLoop(name: name) {
            while chubsystem_wait_readable(descriptor, stopRead) == 1 {
                if consume(descriptor) { continuation.yield() }
            }
            state.withLock { exited in
                close(descriptor)
                close(stopRead)
                exited = true
            }
            continuation.finish()
        }
        try loop.start()
        return stream
    }
}

/// A detached POSIX thread running one closure, named after what it watches (as `top -H` shows it).
private final class WatchLoop: Sendable {
    let body: @Sendable () -> Void
    let name: String

    /// - Parameter name: the thread's name; Linux keeps its first 15 bytes.
    init(name: String, _ body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }

    func start() throws {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let result = pthread_create(&thread, nil, { context in
            let loop = Unmanaged<WatchLoop>.fromOpaque(context!).takeRetainedValue()
            nameCurrentThread(loop.name)
            loop.body()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<WatchLoop>.fromOpaque(context).release()
            throw SystemError(code: result, operation: "start the \(name) thread")
        }
        pthread_detach(thread)
    }
}
