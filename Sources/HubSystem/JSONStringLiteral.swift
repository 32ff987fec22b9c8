/// JSON's string literal for a text, for output written by hand: quotes, backslashes and control
/// characters escaped, and U+007F–U+009F and the line separators U+2028/U+2029 too, which some readers
/// take for line ends.
public enum JSONStringLiteral {
    /// Appends the quoted literal of `text` to `output`.
    public static func append(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x2028...0x2029).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
