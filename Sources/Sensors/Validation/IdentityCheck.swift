/// Refuses topics and identities that could spoof or garble what the hub shows or logs: control
/// characters (terminal escapes, NUL), bidirectional overrides, MQTT wildcards in a published topic,
/// path-like levels (`.`, `..`, also between backslashes), and excessive length.
public enum IdentityCheck {
    static let maxIdentityLength = 160

    /// Why `topic` is refused, or nil when it is fine.
    static func problem(withTopic topic: String, maxBytes: Int) -> RejectionReason? {
        if topic.utf8.count > maxBytes {
            return RejectionReason(.hostileTopic, "the topic is longer than \(maxBytes) bytes")
        }
        if topic.isEmpty { return RejectionReason(.hostileTopic, "the topic is empty") }
        let bytes = scan(topic)
        if bytes.hasWildcard {
            return RejectionReason(.hostileTopic, "a published topic cannot contain the wildcards + or #")
        }
        if !bytes.isPrintableASCII, let scalar = topic.unicodeScalars.first(where: isForbidden) {
            return RejectionReason(.hostileTopic, "the topic contains the control character U+\(hex(scalar))")
        }
        if bytes.hasDot, hasPathLikeLevel(topic) {
            return RejectionReason(.hostileTopic, "the topic has a path-like level (. or ..), which cannot name a sensor")
        }
        return nil
    }

    /// Why a derived sensor identity is refused, or nil when it is fine.
    static func problem(withIdentity identity: String) -> RejectionReason? {
        if identity.isEmpty { return RejectionReason(.hostileIdentity, "the message names an empty sensor") }
        // Printable ASCII, the usual case, has one character per byte: no need to count characters.
        let scanned = scan(identity)
        let printableASCII = scanned.isPrintableASCII
        if printableASCII ? identity.utf8.count > maxIdentityLength : identity.count > maxIdentityLength {
            return RejectionReason(.hostileIdentity, "the sensor name is longer than \(maxIdentityLength) characters")
        }
        if !printableASCII, let scalar = identity.unicodeScalars.first(where: isForbidden) {
            return RejectionReason(.hostileIdentity, "the sensor name contains the control character U+\(hex(scalar))")
        }
        if scanned.hasDot, hasPathLikeLevel(identity) {
            return RejectionReason(.hostileIdentity, "the sensor name has a path-like level (. or ..)")
        }
        return nil
    }

    /// Whether a level between `/` (or `\`) is `.` or `..`.
    private static func hasPathLikeLevel(_ text: String) -> Bool {
        text.utf8.split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }
            .contains { level in !level.isEmpty && level.count <= 2 && level.allSatisfy { $0 == UInt8(ascii: ".") } }
    }

    /// A text from the network (a topic, an identity, a reason quoting a payload) shortened and made
    /// printable, for log lines, counters and reports.
    public static func printable(_ text: String, limit: Int = 80) -> String {
        if scan(text).isPrintableASCII, text.utf8.count <= limit { return text }
        var result = String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit).map { isForbidden($0) ? "?" : $0 }))
        if text.unicodeScalars.count > limit { result += "…" }
        return result
    }

    /// What one pass over a text's bytes finds: whether all are printable ASCII (space to `~`, which no
    /// check refuses, one character each), whether an MQTT wildcard is among them, and whether a dot is.
    private static func scan(_ text: String) -> (isPrintableASCII: Bool, hasWildcard: Bool, hasDot: Bool) {
        var text = text
        return text.withUTF8 { bytes in
            var printable = true
            var wildcard = false
            var dot = false
            for byte in bytes {
                if byte < 0x20 || byte >= 0x7F {
                    printable = false
                } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "#") {
                    wildcard = true
                } else if byte == UInt8(ascii: ".") {
                    dot = true
                }
            }
            return (printable, wildcard, dot)
        }
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        // Bidirectional embeddings, overrides and isolates; zero-width and line/paragraph separators.
        case 0x200B...0x200F, 0x2028...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
