import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A `mosquitto_sub` on a test broker for the length of a test: every message under its filters, with
/// its retain flag and payload bytes, in arrival order. `start` returns once the subscription is live.
public final class MosquittoSubscriber: @unchecked Sendable {
    /// One message as the subscriber received it.
    public struct Message: Sendable, Equatable {
        public var topic: String
        public var retained: Bool
        public var payload: [UInt8]

        /// The payload as UTF-8 text.
        public var text: String { String(decoding: payload, as: UTF8.self) }

        /// The payload as a JSON object, when it is one.
        public var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(payload))) as? [String: Any]
        }
    }

    private let process: Process
    private let lock = NSLock()
    private var received: [Message] = []
    private var partialLine = Data()

    /// Subscribes to `filters` (and a probe topic it publishes once, to know the subscription is live).
    public static func start(_ broker: MosquittoBroker, filters: [String]) async throws -> MosquittoSubscriber {
        let probe = "test-probe/\(UUID().uuidString)"
        let subscriber = try MosquittoSubscriber(port: broker.port, filters: filters + [probe])
        for _ in 0..<100 {
            try await broker.publish(topic: probe, payload: "probe", qos: 0)
            if subscriber.all.contains(where: { $0.topic == probe }) { return subscriber }
            try await Task.sleep(for: .milliseconds(50))
        }
        subscriber.stop()
        throw MosquittoBrokerError("mosquitto_sub did not subscribe to \(filters)")
    }

    private init(port: Int, filters: [String]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_sub")
        process.arguments = ["-h", "127.0.0.1", "-p", "\(port)", "-q", "1", "-F", "%r %t %x"] + filters.flatMap { ["-t", $0] }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.append(handle.availableData)
        }
        try process.run()
    }

    deinit {
        stop()
    }

    /// Every message so far, in arrival order.
    public var all: [Message] { lock.withLock { received } }

    /// The messages on `topic` so far.
    public func messages(on topic: String) -> [Message] {
        all.filter { $0.topic == topic }
    }

    /// Waits (at most `timeout`) for a message on `topic` after the first `skipping` ones that
    /// satisfies `condition`.
    public func next(
        on topic: String, after skipping: Int = 0, timeout: Duration = .seconds(15), where condition: (Message) -> Bool = { _ in true }
    ) async throws -> Message {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let found = messages(on: topic).dropFirst(skipping).first(where: condition) { return found }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw MosquittoBrokerError("no matching message on \(topic) within \(timeout); got \(messages(on: topic).map(\.text))")
    }

    /// Ends `mosquitto_sub`.
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    private func append(_ data: Data) {
        lock.withLock {
            partialLine.append(data)
            while let newline = partialLine.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: partialLine[partialLine.startIndex..<newline], as: UTF8.self)
                partialLine.removeSubrange(partialLine.startIndex...newline)
                let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
                guard parts.count >= 2 else { continue }
                received.append(
                    Message(topic: String(parts[1]), retained: parts[0] == "1", payload: parts.count > 2 ? HexBytes.decode(parts[2]) : []))
            }
        }
    }
}
