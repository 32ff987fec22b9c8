import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The `mosquitto` child process, spawned with `posix_spawn` so that it starts with no blocked and
/// no ignored signals: a test process usually blocks SIGTERM (for its own signal handling), and a
/// child started by Foundation's `Process` inherits that mask and could never be stopped gracefully.
final class MosquittoBrokerProcess: @unchecked Sendable {
    let pid: pid_t
    private let errorOutput: Int32
    private let exit = NSLock()
    private var exitStatus: Int32?
    private var exitWaiters: [CheckedContinuation<Int32, Never>] = []

    private let onExit: @Sendable (Int32) -> Void

    /// Starts `executable`; its standard error goes to `onOutput` as it arrives, and `onExit` learns the
    /// wait status when it ends (both on helper threads).
    init(
        executable: String, arguments: [String], onOutput: @escaping @Sendable (Data) -> Void,
        onExit: @escaping @Sendable (Int32) -> Void
    ) throws {
        self.onExit = onExit
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw MosquittoBrokerError("pipe() failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, descriptors[1], 2)
        posix_spawn_file_actions_addclose(&actions, descriptors[0])
        posix_spawn_file_actions_addclose(&actions, descriptors[1])

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var child: pid_t = 0
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        close(descriptors[1])
        guard result == 0 else {
            close(descriptors[0])
            throw MosquittoBrokerError("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        pid = child
        errorOutput = descriptors[0]
        let descriptor = errorOutput
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count <= 0 { break }
                onOutput(Data(buffer[0..<count]))
            }
            close(descriptor)
        }
        let spawned = child
        Thread.detachNewThread { [self] in
            // Wait without reaping: until `finish` reaps it under the lock, the pid stays this zombie's, so
            // a signal sent under that lock can never reach a process that took the pid over.
            var info = siginfo_t()
            while waitid(P_PID, id_t(spawned), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
            finish()
        }
    }

    /// SIGTERM: mosquitto saves its persistence file and exits.
    func terminate() {
        signal(SIGTERM)
    }

    /// SIGKILL, for the end of a test.
    func forceKill() {
        signal(SIGKILL)
    }

    /// Sends `number` unless the process has exited and was reaped.
    private func signal(_ number: Int32) {
        exit.withLock {
            if exitStatus == nil { kill(pid, number) }
        }
    }

    var hasExited: Bool { exit.withLock { exitStatus != nil } }

    /// Waits for the process to exit and returns its wait status.
    func waitForExit() async -> Int32 {
        await withCheckedContinuation { continuation in
            let status = exit.withLock { () -> Int32? in
                if let exitStatus { return exitStatus }
                exitWaiters.append(continuation)
                return nil
            }
            if let status { continuation.resume(returning: status) }
        }
    }

    /// Blocks until the process has exited (for `deinit`-time cleanup).
    func waitForExitBlocking() {
        while !hasExited { usleep(1000) }
    }

    /// Reaps the exited process and tells whoever waits.
    private func finish() {
        var status: Int32 = 0
        let waiters = exit.withLock { () -> [CheckedContinuation<Int32, Never>] in
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            exitStatus = status
            defer { exitWaiters.removeAll() }
            return exitWaiters
        }
        for waiter in waiters { waiter.resume(returning: status) }
        onExit(status)
    }
}
