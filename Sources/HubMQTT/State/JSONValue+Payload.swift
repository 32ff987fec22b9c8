#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem

/// Building and encoding the JSON documents the hub publishes: state payloads and discovery configs.
/// Encoded compact with sorted keys, so equal documents are equal bytes and a repeated state is
/// recognised as unchanged.
extension JSONValue {
    /// A string, or `null`.
    static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// An ISO 8601 UTC time, or `null`.
    static func time(_ date: Date?) -> JSONValue {
        optional(date.map { CivilTime.iso8601($0) })
    }

    /// The UTF-8 bytes of the document.
    var bytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every value is finite and every key a string: encoding cannot fail.
        return Array((try? encoder.encode(self)) ?? Data("null".utf8))
    }
}
