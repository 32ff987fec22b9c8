/// A JSON value as the hub's own scanner reads it: numbers are finite doubles, objects keep their
/// member order and remember keys that appeared twice with different values.
enum ScannedJSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    /// A number too large for a double (`1e400`), as written (shortened): the one field is refused,
    /// not the whole message.
    case tooLargeNumber(String)
    case string(String)
    case array([ScannedJSONValue])
    case object(JSONObject)

    /// The object inside, when this value is one.
    var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The string inside, when this value is one.
    var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }
}
