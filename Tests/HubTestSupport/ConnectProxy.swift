import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// An HTTP proxy on loopback that tunnels (`CONNECT`, which AsyncHTTPClient uses for every request
/// through a proxy) to IPv4 addresses, and records each tunnel's target and `Proxy-Authorization`.
/// Plain sockets and a thread per direction: a test makes a handful of connections.
public final class ConnectProxy: Sendable {
    /// One tunnel as the client asked for it.
    public struct Tunnel: Sendable, Equatable {
        /// `host:port`.
        public let target: String
        public let authorization: String?
    }

    public let port: Int
    private let listener: Int32
    private let recorded = Mutex<[Tunnel]>([])

    /// The tunnels asked for so far.
    public var tunnels: [Tunnel] { recorded.withLock { $0 } }

    public init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, listen(descriptor, 16) == 0, named == 0 else {
            close(descriptor)
            throw ConnectProxyError(message: "cannot listen on loopback: \(String(cString: strerror(errno)))")
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in
            while case let client = accept(descriptor, nil, nil), client >= 0 {
                Thread.detachNewThread { self.serve(client) }
            }
        }
    }

    /// Stops accepting; tunnels already open run to their end.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve(_ client: Int32) {
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.suffix(4).elementsEqual("\r\n\r\n".utf8) {
            guard read(client, &byte, 1) == 1, head.count < 16_384 else {
                close(client)
                return
            }
            head.append(byte)
        }
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n")
        let request = lines.first?.split(separator: " ") ?? []
        let authorization = lines.dropFirst().first { $0.lowercased().hasPrefix("proxy-authorization:") }
            .map { String($0.drop { $0 != ":" }.dropFirst()).trimmingCharacters(in: .whitespaces) }
        guard request.count >= 2, request[0] == "CONNECT", let colon = request[1].lastIndex(of: ":"),
            let targetPort = UInt16(request[1][request[1].index(after: colon)...])
        else {
            Self.send("HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n", to: client)
            close(client)
            return
        }
        recorded.withLock { $0.append(Tunnel(target: String(request[1]), authorization: authorization)) }
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: targetPort)
        address.sin_addr.s_addr = inet_addr(String(request[1][..<colon]))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Self.send("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n", to: client)
            close(client)
            close(upstream)
            return
        }
        Self.send("HTTP/1.1 200 Connection established\r\n\r\n", to: client)
        let directions = Atomic<Int>(2)
        let finish: @Sendable () -> Void = {
            if directions.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
                close(client)
                close(upstream)
            }
        }
        Thread.detachNewThread {
            Self.copy(from: client, to: upstream)
            finish()
        }
        Self.copy(from: upstream, to: client)
        finish()
    }

    private static func copy(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while case let count = read(source, &buffer, buffer.count), count > 0 {
            guard write(destination, buffer, count) == count else { break }
        }
        shutdown(destination, Int32(SHUT_WR))
    }

    private static func send(_ text: String, to descriptor: Int32) {
        _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

/// Why the test proxy could not start.
public struct ConnectProxyError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
