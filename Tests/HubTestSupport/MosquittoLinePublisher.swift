import Foundation

/// One long-lived `mosquitto_pub -l` on the plain listener: every line written becomes one message on
/// `topic`, published at QoS 1 the moment it is written, as a sensor bridge such as rtl_433 publishes.
public final class MosquittoLinePublisher: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let errorOutput = Pipe()

    /// Starts the publisher; it connects before the first line is sent.
    public init(broker: MosquittoBroker, topic: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_pub")
        process.arguments = ["-h", "127.0.0.1", "-p", "\(broker.port)", "-t", topic, "-q", "1", "-l"]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errorOutput
        try process.run()
    }

    /// Publishes `payload` (one line, without its newline).
    public func send(_ payload: String) {
        send(bytes: Array(payload.utf8))
    }

    /// Publishes `bytes` (any bytes but a newline) as one message.
    public func send(bytes: [UInt8]) {
        input.fileHandleForWriting.write(Data(bytes + [UInt8(ascii: "\n")]))
    }

    /// Ends the input and waits until every message is acknowledged and the publisher has left.
    public func finish() async throws {
        let status: Int32 = await withCheckedContinuation { continuation in
            process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
            try? input.fileHandleForWriting.close()
        }
        guard status == 0 else {
            let message = String(decoding: errorOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw MosquittoBrokerError("mosquitto_pub -l exited with \(status): \(message)")
        }
    }
}
