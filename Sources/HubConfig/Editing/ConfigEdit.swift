import InkUI
public import InkWidgets

/// One change to the configuration file: a key path and its new value, or its removal.
public struct ConfigEdit: Sendable, Equatable, CustomStringConvertible {
    /// The keys from the top, e.g. `["display", "language"]`.
    public var keyPath: [String]
    public var value: ConfigValue

    public init(_ keyPath: [String], _ value: ConfigValue) {
        self.keyPath = keyPath
        self.value = value
    }

    /// `display.language` for `["display", "language"]`, `displays[id=kitchen].width` for a list item's key.
    public var keyPathText: String {
        keyPath.enumerated().map { index, key in index == 0 || Self.itemID(key) != nil ? key : "." + key }.joined()
    }

    /// The key path element naming the item of a list whose `id` is `id` (a networked display in
    /// `displays:`). An edit under it that finds no such item adds one, with that `id`, at the list's end.
    public static func item(id: String) -> String { "[id=\(id)]" }

    /// The `id` an element names, when it names a list item.
    static func itemID(_ element: String) -> String? {
        element.hasPrefix("[id=") && element.hasSuffix("]") ? String(element.dropFirst(4).dropLast()) : nil
    }

    public var description: String {
        switch value {
        case .removed: "remove \(keyPathText)"
        case .placements(let placements): "\(keyPathText): \(placements.count) widget\(placements.count == 1 ? "" : "s")"
        default: "\(keyPathText): \(value.yamlText ?? "")"
        }
    }
}

/// A value to write, or the key's removal.
public enum ConfigValue: Sendable, Equatable {
    case text(String)
    case integer(Int)
    case flag(Bool)
    /// Widgets in the layout grammar (`layout:`): a block of lines under the key.
    case placements([WidgetPlacement])
    /// The key is taken out of the file (its default applies again).
    case removed

    /// The value as the configuration reader sees it: every scalar is text to it.
    var string: String? {
        switch self {
        case .text(let text): text
        case .integer(let number): String(number)
        case .flag(let flag): flag ? "true" : "false"
        case .placements, .removed: nil
        }
    }

    /// A block value's lines, indented from column 0: one `- kind:` item per widget, its region in flow
    /// style as the example configuration writes it, then its parameters.
    var blockLines: [String]? {
        guard case .placements(let placements) = self else { return nil }
        return placements.flatMap { placement in
            let region = placement.region
            return [
                "- kind: \(placement.kind)", "  family: \(placement.family.rawValue)",
                "  region: { x: \(region.origin.x), y: \(region.origin.y), width: \(region.size.width), height: \(region.size.height) }",
            ] + placement.parameters.values.sorted { $0.key < $1.key }.flatMap { name, value in
                switch value {
                case .flag(let flag): ["  \(name): \(flag)"]
                case .names(let names): ["  \(name):"] + names.map { "    - " + (ConfigValue.text($0).yamlText ?? "") }
                }
            }
        }
    }

    /// The value as YAML: plain where that reads back as the same text, double-quoted otherwise.
    var yamlText: String? {
        guard let string else { return nil }
        guard case .text = self, !Self.isPlainSafe(string) else { return string }
        var quoted = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    quoted += (scalar.value < 0x10 ? "\\x0" : "\\x") + String(scalar.value, radix: 16)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }

    /// Text that YAML reads back unchanged without quotes: no leading indicator, no `: ` or ` #`, no
    /// surrounding spaces, nothing YAML would take as null.
    private static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) || first == " " || last == " " || last == ":" { return false }
        if text.contains(": ") || text.contains(" #") || ["~", "null", "Null", "NULL"].contains(text) { return false }
        return text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7f }
    }
}
