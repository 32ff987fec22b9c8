/// A JSON document built in a fixed key order, for reports people read and scripts parse.
indirect enum JSONOutput: Equatable {
    case string(String)
    /// A number already formatted (`ReportNumber`), written as is.
    case number(String)
    case bool(Bool)
    case null
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool {
        lhs.render() == rhs.render()
    }

    /// A number with at most `digits` fraction digits, trailing zeros dropped.
    static func number(_ value: Double, digits: Int = 4) -> JSONOutput {
        .number(ReportNumber.compact(value, maxDigits: digits))
    }

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
        case .string(let text): Self.writeString(text, to: &output)
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
                Self.writeString(key, to: &output)
                output += ": "
                value.write(to: &output, indent: indent + 2)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        }
    }

    private static func writeString(_ text: String, to output: inout String) {
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
