import HubSystem

/// A device's identity as TRMNL's firmware sends it in the `ID` header: its Wi-Fi MAC address, shown in
/// the canonical form `AA:BB:CC:DD:EE:FF`. Kept as the address's 48 bits: reading one from a request
/// allocates nothing.
public struct DeviceID: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The six bytes, the first one highest.
    private let address: UInt64

    /// Reads a MAC address written with `:` or `-` separators in either case; nil for anything else.
    public init?(_ text: some StringProtocol) {
        var address: UInt64 = 0
        var separators = 0
        var digitsInGroup = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") {
                guard digitsInGroup == 2, separators < 5 else { return nil }
                separators += 1
                digitsInGroup = 0
            } else {
                guard digitsInGroup < 2, let digit = byte.hexDigitValue else { return nil }
                address = address << 4 | UInt64(digit)
                digitsInGroup += 1
            }
        }
        guard separators == 5, digitsInGroup == 2 else { return nil }
        self.address = address
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

    /// `AA:BB:CC:DD:EE:FF`.
    public var mac: String { spelled(separator: ":") }

    /// The address without separators, for file names.
    public var compact: String { spelled(separator: "") }

    public var description: String { mac }

    public static func < (a: DeviceID, b: DeviceID) -> Bool { a.address < b.address }

    private func spelled(separator: String) -> String {
        (0..<6).reversed().map { index in
            let byte = UInt8(truncatingIfNeeded: address >> (UInt64(index) * 8))
            return (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }.joined(separator: separator)
    }
}
