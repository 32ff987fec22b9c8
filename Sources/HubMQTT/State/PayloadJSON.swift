#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem

/// A JSON document the hub publishes: state payloads and discovery configs. Encoded compact with
/// sorted keys, so equal documents are equal bytes and a repeated state is recognised as unchanged.
indirect enum PayloadJSON: Encodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([PayloadJSON])
    case object([String: PayloadJSON])

    /// A string, or `null`.
    static func optional(_ text: String?) -> PayloadJSON {
        text.map(PayloadJSON.string) ?? .null
    }

    /// An ISO 8601 UTC time, or `null`.
    static func time(_ date: Date?) -> PayloadJSON {
        optional(date.map(CivilTime.iso8601))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .int(let number): try container.encode(number)
        case .double(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let elements): try container.encode(elements)
        case .object(let members): try container.encode(members)
        }
    }

    /// The UTF-8 bytes of the document.
    var bytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every value is finite and every key a string: encoding cannot fail.
        return Array((try? encoder.encode(self)) ?? Data("null".utf8))
    }
}

/// Literals for discovery configs: `"temperature"` and `1` where a `PayloadJSON` is expected.
extension PayloadJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    init(stringLiteral value: String) {
        self = .string(value)
    }

    init(integerLiteral value: Int) {
        self = .int(value)
    }
}
