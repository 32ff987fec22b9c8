/// A socket feed listener could not be opened.
public struct SocketFeedError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
