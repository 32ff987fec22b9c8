/// One line of a difference between two texts, as `diff -u` would mark it.
public struct LineChange: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case removed
        case added
    }

    public var kind: Kind
    /// 1-based line number: in the old text for a removal, in the new one for an addition.
    public var line: Int
    public var text: String

    public var description: String { "\(kind == .removed ? "-" : "+")\(line): \(text)" }

    /// The lines `new` adds to `old` and the ones it removes, in order of position.
    public static func between(_ old: String, _ new: String) -> [LineChange] {
        let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let newLines = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return newLines.difference(from: oldLines).map { change in
            switch change {
            case .remove(let offset, let text, _): LineChange(kind: .removed, line: offset + 1, text: text)
            case .insert(let offset, let text, _): LineChange(kind: .added, line: offset + 1, text: text)
            }
        }
    }
}
