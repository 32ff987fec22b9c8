import HubSystem

/// A JSON document built in a fixed key order, for reports people read and scripts parse
/// (`weatherctl sensors --json`, `weatherctl sensors decode --json`); strings are written by
/// `JSONStringLiteral`. Machine payloads, where key order does not matter, are `JSONValue`s.
indirect enum JSONOutput: Equatable, Sendable {
    /// A string, escaped as `JSONStringLiteral` does.
    case string(String)
    /// A number already formatted (`ReportNumber`), written as is.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// Elements in order.
    case array([JSONOutput])
    /// Members in the order given.
    case object([(String, JSONOutput)])

    /// Documents are equal when they read the same.
    static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool {
        lhs.render() == rhs.render()
    }

    /// A number with at most `digits` fraction digits, trailing zeros dropped.
    static func number(_ value: Double, digits: Int = 4) -> JSONOutput {
        .number(ReportNumber.compact(value, maxDigits: digits))
    }

    /// A string, or `null`.
    static func optionalString(_ value: String?) -> JSONOutput {
        value.map(JSONOutput.string) ?? .null
    }

    /// Two-space indented text with a final newline.
    func render() -> String {
        var output = ""
        write(to: &output, indent: 0)
        return output + "\n"
    }

    private func write(to output: inout String, indent: Int) {
        switch self {
        case .string(let text): JSONStringLiteral.append(text, to: &output)
        case .number(let text): output += text
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                element.write(to: &output, indent: indent + 2)
                output += index == elements.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{\n"
            for (index, (key, value)) in members.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                JSONStringLiteral.append(key, to: &output)
                output += ": "
                value.write(to: &output, indent: indent + 2)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        }
    }
}
