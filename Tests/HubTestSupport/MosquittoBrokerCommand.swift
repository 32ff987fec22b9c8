import Foundation

/// Runs the command-line tools a broker test needs (`mosquitto_pub`, `mosquitto_sub`,
/// `mosquitto_passwd`, `openssl`) and waits for them without blocking a thread.
public enum MosquittoBrokerCommand {
    /// What a finished command printed.
    public struct Output: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// Runs `executable` with `arguments`; throws when it exits non-zero.
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String]) async throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        async let standardOutput = readToEnd(output.fileHandleForReading)
        async let standardError = readToEnd(error.fileHandleForReading)
        let result = Output(
            status: status, standardOutput: String(decoding: await standardOutput, as: UTF8.self),
            standardError: String(decoding: await standardError, as: UTF8.self))
        guard status == 0 else {
            throw MosquittoBrokerError(
                "\(executable) \(arguments.joined(separator: " ")) exited with \(status): \(result.standardError)")
        }
        return result
    }

    /// Reads a pipe to its end on a Dispatch thread (blocking reads stay off the cooperative pool).
    static func readToEnd(_ handle: FileHandle) async -> Data {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: handle.readDataToEndOfFile()) }
        }
    }
}

/// A test broker failed to start or a client tool failed.
public struct MosquittoBrokerError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
