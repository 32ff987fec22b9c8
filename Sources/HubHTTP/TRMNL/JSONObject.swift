import HubSystem

/// A flat JSON object written field by field: TRMNL's answers are a handful of scalars, and a general
/// encoder costs more than the rest of the request.
struct JSONObject {
    private var text = ""

    /// Adds a string field (`null` for nil).
    mutating func add(_ key: String, _ value: String?) {
        guard let value else { return append(key, "null") }
        var literal = ""
        JSONStringLiteral.append(value, to: &literal)
        append(key, literal)
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
        JSONStringLiteral.append(key, to: &text)
        text += ":" + value
    }
}
