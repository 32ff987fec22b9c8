/// A device's identity as TRMNL's firmware sends it in the `ID` header: its Wi-Fi MAC address, kept in
/// the canonical form `AA:BB:CC:DD:EE:FF`.
public struct DeviceID: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public let mac: String

    /// Reads a MAC address written with `:` or `-` separators in either case; nil for anything else.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == ":" || $0 == "-" }
        guard parts.count == 6, parts.allSatisfy({ $0.count == 2 && UInt8($0, radix: 16) != nil }) else { return nil }
        mac = parts.map { $0.uppercased() }.joined(separator: ":")
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = DeviceID(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "`\(text)` is not a MAC address"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(mac)
    }

    /// The address without separators, for file names.
    public var compact: String { mac.filter { $0 != ":" } }

    public var description: String { mac }

    public static func < (a: DeviceID, b: DeviceID) -> Bool { a.mac < b.mac }
}
