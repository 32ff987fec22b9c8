/// A complete HTTP response: whatever the status, the transport hands it over; deciding what a status
/// means is the caller's business.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    /// Header fields of the final response, in the order they arrived.
    public var headers: [HTTPHeader]
    public var body: [UInt8]

    public init(status: Int, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first header with this name (case-insensitive), if any.
    public func value(forHeader name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}
