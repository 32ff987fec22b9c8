/// A flat JSON object written field by field: TRMNL's answers are a handful of scalars, and a general
/// encoder costs more than the rest of the request.
struct JSONObject {
    private var text = ""

    /// Adds a string field (`null` for nil).
    mutating func add(_ key: String, _ value: String?) {
        append(key, value.map(Self.quoted) ?? "null")
    }

    mutating func add(_ key: String, _ value: Int) {
        append(key, String(value))
    }

    mutating func add(_ key: String, _ value: Bool) {
        append(key, value ? "true" : "false")
    }

    /// The object's text.
    var json: String { "{" + text + "}" }

    private mutating func append(_ key: String, _ value: String) {
        if !text.isEmpty { text += "," }
        text += Self.quoted(key) + ":" + value
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ value: String) -> String {
        var quoted = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
