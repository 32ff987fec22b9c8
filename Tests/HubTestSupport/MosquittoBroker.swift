public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A real Debian `mosquitto` for one test: its own temporary directory with a generated configuration,
/// free loopback ports (plain, and optionally password and TLS listeners), persistence in that
/// directory. It can be stopped and started again on the same ports and data, and is killed and its
/// directory removed by `shutdown()` (or, as a last resort, when the object goes away).
///
/// Use `MosquittoBroker.with(_:_:)` so the broker never outlives the test.
public final class MosquittoBroker: @unchecked Sendable {
    public let directory: URL
    /// The anonymous plain-TCP listener.
    public let port: Int
    /// The listener that requires `options.passwordUser`.
    public let passwordPort: Int?
    /// The TLS listener (anonymous), with `certificates`.
    public let tlsPort: Int?
    public let certificates: MosquittoBrokerCertificates?
    public let options: MosquittoBrokerOptions

    private let configurationFile: String
    private let lock = NSLock()
    private var process: MosquittoBrokerProcess?
    private var log = Data()

    /// Starts a broker, runs `body`, and shuts the broker down whatever `body` does.
    public static func with<T>(
        _ options: MosquittoBrokerOptions = MosquittoBrokerOptions(), _ body: (MosquittoBroker) async throws -> T
    ) async throws -> T {
        let broker = try await MosquittoBroker.start(options)
        do {
            let result = try await body(broker)
            broker.shutdown()
            return result
        } catch {
            broker.shutdown()
            throw error
        }
    }

    /// Creates the directory, configuration and certificates, and starts the broker.
    public static func start(_ options: MosquittoBrokerOptions = MosquittoBrokerOptions()) async throws -> MosquittoBroker {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mosquitto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let certificates = options.tls ? try await MosquittoBrokerCertificates.make(in: directory) : nil
        if let user = options.passwordUser {
            let file = directory.appendingPathComponent("passwd").path
            try await MosquittoBrokerCommand.run("/usr/bin/mosquitto_passwd", ["-b", "-c", file, user.name, user.password])
        }
        // A port found free can be taken by another test's connection before mosquitto binds it: then
        // the broker starts again on other ports.
        var attempt = 1
        while true {
            let broker = try MosquittoBroker(directory: directory, options: options, certificates: certificates)
            do {
                try await broker.launch()
                return broker
            } catch let error as MosquittoBrokerError where attempt < 5 && error.description.contains("Address already in use") {
                attempt += 1
            }
        }
    }

    private init(directory: URL, options: MosquittoBrokerOptions, certificates: MosquittoBrokerCertificates?) throws {
        self.directory = directory
        self.options = options
        self.certificates = certificates
        port = try Self.freePort()
        passwordPort = options.passwordUser != nil ? try Self.freePort() : nil
        tlsPort = options.tls ? try Self.freePort() : nil
        configurationFile = directory.appendingPathComponent("mosquitto.conf").path
        try configurationText().write(toFile: configurationFile, atomically: true, encoding: .utf8)
    }

    deinit {
        process?.forceKill()
    }

    private func configurationText() -> String {
        // `information` carries the "running" line that says the broker is ready.
        var lines = ["per_listener_settings true", "log_dest stderr"]
        lines += ["error", "warning", "notice", "information"].map { "log_type \($0)" }
        if getuid() == 0 { lines.append("user root") }
        if options.persistence {
            lines += ["persistence true", "persistence_location \(directory.path)/"]
        }
        lines += options.extraConfiguration
        lines += ["listener \(port) 127.0.0.1", "allow_anonymous true"]
        if let passwordPort {
            lines += [
                "listener \(passwordPort) 127.0.0.1", "allow_anonymous false",
                "password_file \(directory.appendingPathComponent("passwd").path)",
            ]
        }
        if let tlsPort, let certificates {
            lines += [
                "listener \(tlsPort) 127.0.0.1", "allow_anonymous true", "cafile \(certificates.caFile)",
                "certfile \(certificates.serverCertificateFile)", "keyfile \(certificates.serverKeyFile)",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Lifecycle

    /// Stops the broker with SIGTERM (it saves its persistence file) and waits for it to exit.
    public func stop() async {
        guard let running = lock.withLock({ process }) else { return }
        running.terminate()
        _ = await running.waitForExit()
        lock.withLock { process = nil }
    }

    /// Starts the broker again with the same configuration, ports and data directory.
    public func restart() async throws {
        await stop()
        try await launch()
    }

    /// Kills the broker and removes its directory.
    public func shutdown() {
        let running = lock.withLock { () -> MosquittoBrokerProcess? in
            defer { process = nil }
            return process
        }
        if let running {
            running.forceKill()
            running.waitForExitBlocking()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// What the broker logged (errors, warnings, notices), for failure messages.
    public var logText: String { lock.withLock { String(decoding: log, as: UTF8.self) } }

    private func launch() async throws {
        let readiness = Readiness()
        let process = try MosquittoBrokerProcess(
            executable: "/usr/sbin/mosquitto", arguments: ["-c", configurationFile],
            onOutput: { [weak self] data in
                self?.appendLog(data)
                if readiness.append(data).contains(" running") { readiness.signal(nil) }
            },
            onExit: { [weak self] status in
                readiness.signal(MosquittoBrokerError("mosquitto exited (wait status \(status)): \(self?.logText ?? "")"))
            })
        lock.withLock { self.process = process }
        try await readiness.wait()
    }

    private func appendLog(_ data: Data) {
        lock.withLock {
            log.append(data)
            if log.count > 256 * 1024 { log.removeFirst(log.count - 128 * 1024) }
        }
    }

    // MARK: Clients

    /// Publishes one message with `mosquitto_pub` on the plain listener.
    public func publish(topic: String, payload: String, retain: Bool = false, qos: Int = 1, mqtt5: Bool = false) async throws {
        var arguments = ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-m", payload, "-q", "\(qos)"]
        if retain { arguments.append("-r") }
        if mqtt5 { arguments += ["-V", "mqttv5"] }
        try await MosquittoBrokerCommand.run("/usr/bin/mosquitto_pub", arguments)
    }

    /// The retained payload of `topic` (via `mosquitto_sub -C 1`), or nil when none arrives in `seconds`.
    public func retainedPayload(topic: String, seconds: Int = 5) async throws -> String? {
        do {
            let output = try await MosquittoBrokerCommand.run(
                "/usr/bin/mosquitto_sub",
                ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-C", "1", "-W", "\(seconds)", "--retained-only"])
            return output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            return nil
        }
    }

    /// Publishes raw bytes (any size, any encoding, or none) with `mosquitto_pub -f`, or `-n` when empty.
    public func publish(topic: String, bytes: [UInt8], retain: Bool = false) async throws {
        var arguments = ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-q", "1"]
        if bytes.isEmpty {
            arguments.append("-n")
        } else {
            let file = directory.appendingPathComponent("payload-\(UUID().uuidString)")
            try Data(bytes).write(to: file)
            arguments += ["-f", file.path]
        }
        if retain { arguments.append("-r") }
        try await MosquittoBrokerCommand.run("/usr/bin/mosquitto_pub", arguments)
    }

    /// Every retained message under `filters` (topic → payload bytes), as a new subscriber receives
    /// them: all of them have arrived once a message published after subscribing has.
    public func retainedMessages(_ filters: [String]) async throws -> [String: [UInt8]] {
        let subscriber = try await MosquittoSubscriber.start(self, filters: filters)
        defer { subscriber.stop() }
        return Dictionary(subscriber.all.filter(\.retained).map { ($0.topic, $0.payload) }, uniquingKeysWith: { $1 })
    }

    /// A loopback TCP port nobody listens on right now.
    public static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw MosquittoBrokerError("socket() failed") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw MosquittoBrokerError("bind() to a free port failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw MosquittoBrokerError("getsockname() failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Resumes the launcher once this launch of the broker logs that it runs, or fails when it exits first.
private final class Readiness: @unchecked Sendable {
    private let lock = NSLock()
    private var output = Data()
    private var continuation: CheckedContinuation<Void, any Error>?
    private var result: (any Error)??

    /// Adds output of this launch; returns its latest part.
    func append(_ data: Data) -> String {
        lock.withLock {
            output.append(data)
            if output.count > 8192 { output.removeFirst(output.count - 4096) }
            return String(decoding: output, as: UTF8.self)
        }
    }

    func signal(_ error: (any Error)?) {
        let waiting = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
            guard result == nil else { return nil }
            result = .some(error)
            defer { continuation = nil }
            return continuation
        }
        guard let waiting else { return }
        if let error { waiting.resume(throwing: error) } else { waiting.resume() }
    }

    func wait() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let finished = lock.withLock { () -> (any Error)?? in
                if let result { return result }
                self.continuation = continuation
                return nil
            }
            guard let finished else { return }
            if let error = finished { continuation.resume(throwing: error) } else { continuation.resume() }
        }
    }
}
