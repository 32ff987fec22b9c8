import Glibc

/// A loopback TCP port that is bound but never listens, so every connection to it is refused, and no
/// other test's server can take the port while this is alive: a stand-in for "the server is down" that
/// does not race with servers started by tests running in parallel.
public final class RefusingPort: Sendable {
    public let port: Int
    private let descriptor: Int32

    public init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard descriptor >= 0, bound else {
            let code = errno
            if descriptor >= 0 { close(descriptor) }
            throw RefusingPortError(errno: code)
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    deinit {
        close(descriptor)
    }
}

/// The port could not be reserved.
public struct RefusingPortError: Error, Sendable {
    public let errno: Int32
}
