/// Why `weatherctl` could not get an answer from the service. Each code has its own exit status.
public struct ControlClientError: Error, Sendable, CustomStringConvertible {
    public enum Code: Sendable, Hashable {
        /// No socket, or nobody listening on it.
        case serviceNotRunning
        /// The socket's directory or the socket itself is not accessible to this user.
        case permissionDenied
        /// Something other than a socket is at the socket's path.
        case notASocket
        /// The socket belongs to a user that is neither the service nor this user.
        case untrustedSocket
        /// The service did not answer in time.
        case timedOut
        /// The service answered something that is not a control answer.
        case badAnswer
        /// The service answered with an error.
        case refused(ControlErrorCode)
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
