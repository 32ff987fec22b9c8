import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A browser's one connection kept open between requests (HTTP/1.1 keep-alive), on a plain socket: the
/// test sees whether the server answers on it again or closes it. Reads happen on a dispatch queue, off
/// the cooperative pool the server under test may share.
public final class KeepAliveClient: Sendable {
    /// An answer: its status and body.
    public struct Answer: Sendable {
        public let status: Int
        public let body: String
    }

    /// The server closed the connection, or it failed.
    public struct ConnectionClosed: Error, CustomStringConvertible {
        public let description: String
    }

    private let descriptor: Int32

    /// Connects to `127.0.0.1:port`.
    public init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw ConnectionClosed(description: "connect to port \(port) failed: errno \(errno)")
        }
    }

    deinit {
        Glibc.close(descriptor)
    }

    /// Sends `GET path` without waiting for the answer.
    public func send(_ path: String) throws {
        try write("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n")
    }

    /// Sends `text` as it is: the start of a request that never ends, say.
    public func write(_ text: String) throws {
        let sent = text.withCString { Glibc.send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        guard sent == text.utf8.count else { throw ConnectionClosed(description: "send failed: errno \(errno)") }
    }

    /// Reads the answer to the request sent last (its body by `Content-Length`).
    public func answer() async throws -> Answer {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { [self] in continuation.resume(with: Result { try readAnswer() }) }
        }
    }

    /// `GET path` on this connection.
    public func get(_ path: String) async throws -> Answer {
        try send(path)
        return try await answer()
    }

    private func readAnswer() throws -> Answer {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            if let end = received.firstRange(of: Array("\r\n\r\n".utf8)) {
                let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
                let lines = head.split(separator: "\r\n")
                let status = lines.first.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
                let length = lines.dropFirst().compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                    return Int(parts[1].trimmingCharacters(in: .whitespaces))
                }.first ?? 0
                if received.count >= end.upperBound + length {
                    return Answer(status: status, body: String(decoding: received[end.upperBound..<end.upperBound + length], as: UTF8.self))
                }
            }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { throw ConnectionClosed(description: count == 0 ? "the server closed the connection" : "recv failed: errno \(errno)") }
            received += buffer[..<count]
        }
    }
}
