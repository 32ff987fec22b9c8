import Yams

/// Applies `ConfigEdit`s to a configuration file's text the way a person editing it would: only the
/// lines of the edited keys change, so comments, blank lines, key order and quoting elsewhere stay as
/// written. Every edit made in place is checked by reading the result back: it must be the old document
/// with exactly that change. Where a change cannot be made in place (a section written in flow style
/// `{…}`, a block scalar, an anchor), the document is written anew from its parsed tree and its comments
/// are lost; the result says so.
enum ConfigTextEditor {
    struct Outcome: Equatable {
        var text: String
        /// False when the document had to be written anew, without its comments.
        var commentsKept: Bool
    }

    static func apply(_ edits: [ConfigEdit], to text: String) throws(ConfigEditRefusal) -> Outcome {
        var outcome = Outcome(text: text, commentsKept: true)
        for edit in edits {
            let tree = try parse(outcome.text)
            let expected = try ConfigTree.applying(edit, to: tree)
            if let edited = InPlaceEdit(text: outcome.text, tree: tree).apply(edit),
                let reread = try? parse(edited), ConfigTree.sameText(reread, expected)
            {
                outcome.text = edited
            } else {
                outcome.text = try ConfigTree.serialize(expected)
                outcome.commentsKept = false
            }
        }
        return outcome
    }

    static func parse(_ text: String) throws(ConfigEditRefusal) -> Node {
        do {
            return try Yams.compose(yaml: text, ConfigMapping.resolver) ?? .mapping(.init([]))
        } catch {
            throw ConfigEditRefusal(message: "the file is not YAML the hub can read: \(YAMLErrorText.problem(error, source: "the file").message)")
        }
    }
}

/// The parsed document as the hub reads it (every scalar is text), changed and compared without regard
/// to layout.
enum ConfigTree {
    /// `tree` with `edit` made: missing sections are created, an empty section (`mqtt:`) becomes one; a
    /// key that is not there is removed by leaving the tree as it is.
    static func applying(_ edit: ConfigEdit, to tree: Node) throws(ConfigEditRefusal) -> Node {
        if edit.value == .removed, !contains(edit.keyPath[...], in: tree) { return tree }
        return try applying(edit.value, at: edit.keyPath[...], to: tree, path: [])
    }

    private static func contains(_ keys: ArraySlice<String>, in node: Node) -> Bool {
        guard let key = keys.first else { return true }
        if let id = ConfigEdit.itemID(key) {
            guard let item = node.sequence?.first(where: { itemID(of: $0) == id }) else { return false }
            return contains(keys.dropFirst(), in: item)
        }
        guard let value = node.mapping?.first(where: { $0.key.scalar?.string == key })?.value else { return false }
        return contains(keys.dropFirst(), in: value)
    }

    /// The `id` of a list item that is a section with one.
    static func itemID(of node: Node) -> String? {
        node.mapping?.first(where: { $0.key.scalar?.string == "id" })?.value.scalar?.string
    }

    /// `items` (a list's, or none) with `value` made at `keys` under the item whose `id` is `id`, which
    /// is added at the end where there is none.
    private static func applying(
        _ value: ConfigValue, at keys: ArraySlice<String>, toItem id: String, of node: Node?, path: [String]
    ) throws(ConfigEditRefusal) -> Node {
        var items: [Node]
        switch node {
        case .sequence(let sequence)?: items = Array(sequence)
        case nil: items = []
        case .scalar(let scalar)? where ConfigMapping.isEmpty(scalar.string): items = []
        default: throw ConfigEditRefusal(message: "`\(path.joined(separator: "."))` is not a list, so it has no item `\(id)`")
        }
        let index = items.firstIndex { itemID(of: $0) == id }
        if keys.count == 1, value == .removed {
            if let index { items.remove(at: index) }
            return .sequence(Node.Sequence(items, ConfigMapping.plainTag))
        }
        let tag = ConfigMapping.plainTag
        let item = index.map { items[$0] } ?? .mapping(Node.Mapping([(.scalar(.init("id", tag)), .scalar(.init(id, tag)))], tag))
        let changed = try applying(value, at: keys.dropFirst(), to: item, path: path + [keys.first ?? ""])
        if let index { items[index] = changed } else { items.append(changed) }
        return .sequence(Node.Sequence(items, ConfigMapping.plainTag))
    }

    private static func applying(_ value: ConfigValue, at keys: ArraySlice<String>, to node: Node?, path: [String]) throws(ConfigEditRefusal) -> Node {
        guard let key = keys.first else {
            guard let lines = value.blockLines else { return Node.scalar(.init(value.string ?? "", ConfigMapping.plainTag)) }
            return try ConfigTextEditor.parse(lines.joined(separator: "\n"))
        }
        if let id = ConfigEdit.itemID(key) { return try applying(value, at: keys, toItem: id, of: node, path: path) }
        var mapping: Node.Mapping
        switch node {
        case .mapping(let existing)?: mapping = existing
        case nil: mapping = Node.Mapping([], ConfigMapping.plainTag)
        case .scalar(let scalar)? where ConfigMapping.isEmpty(scalar.string): mapping = Node.Mapping([], ConfigMapping.plainTag)
        default:
            let name = path.isEmpty ? "the file" : "`\(path.joined(separator: "."))`"
            throw ConfigEditRefusal(message: "\(name) is not a section of `key: value` lines, so `\(key)` cannot be set in it")
        }
        let keyNode = Node.scalar(.init(key, ConfigMapping.plainTag))
        let existing = mapping.first { $0.key.scalar?.string == key }?.value
        if keys.count == 1, value == .removed {
            mapping[keyNode] = nil
        } else {
            mapping[keyNode] = try applying(value, at: keys.dropFirst(), to: existing, path: path + [key])
        }
        return .mapping(mapping)
    }

    /// Whether two documents hold the same keys and texts in the same order.
    static func sameText(_ left: Node, _ right: Node) -> Bool {
        switch (left, right) {
        case (.scalar(let a), .scalar(let b)): return a.string == b.string
        case (.mapping(let a), .mapping(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { sameText($0.key, $1.key) && sameText($0.value, $1.value) }
        case (.sequence(let a), .sequence(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { sameText($0, $1) }
        default: return false
        }
    }

    static func serialize(_ tree: Node) throws(ConfigEditRefusal) -> String {
        do {
            return try Yams.serialize(node: tree, indent: 2, width: -1, allowUnicode: true)
        } catch {
            throw ConfigEditRefusal(message: "the changed file could not be written as YAML: \(error)")
        }
    }
}

/// One edit made to the text's lines, or `nil` where it cannot be made in place.
private struct InPlaceEdit {
    var lines: [String]
    let tree: Node

    init(text: String, tree: Node) {
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        self.tree = tree
    }

    func apply(_ edit: ConfigEdit) -> String? {
        var lines = self.lines
        var node = tree
        // The line and indentation of the key whose section `node` is; the top has none.
        var owner: (line: Int, indent: Int)?
        for (depth, key) in edit.keyPath.enumerated() {
            let isLast = depth == edit.keyPath.count - 1
            let remaining = Array(edit.keyPath[depth...])
            switch node {
            case .mapping(let mapping):
                guard mapping.style != .flow else { return nil }
                if let (keyNode, value) = mapping.first(where: { $0.key.scalar?.string == key }).map({ ($0.key, $0.value) }) {
                    guard let keyMark = keyNode.mark else { return nil }
                    if isLast, edit.value == .removed, Self.isBlockSection(value) {
                        // A section taken out whole: the key's line and its block's.
                        let keyLine = keyMark.line - 1
                        let last = lastLine(of: value, ownerIndent: keyMark.column - 1, in: lines)
                        guard keyLine < lines.count, last >= keyLine else { return nil }
                        lines.removeSubrange(keyLine...last)
                        return lines.joined(separator: "\n")
                    }
                    if isLast, let block = edit.value.blockLines {
                        // The key's whole value gives way to the block, on the lines after the key.
                        let keyLine = keyMark.line - 1
                        let indent = keyMark.column - 1
                        let last = lastLine(of: value, ownerIndent: indent, in: lines)
                        guard keyLine < lines.count, last >= keyLine else { return nil }
                        let replacement = [String(repeating: " ", count: indent) + (ConfigValue.text(key).yamlText ?? key) + ":"]
                            + block.map { String(repeating: " ", count: indent + 2) + $0 }
                        lines.replaceSubrange(keyLine...max(keyLine, last), with: replacement)
                        return lines.joined(separator: "\n")
                    }
                    if isLast {
                        guard replace(value: value, keyNode: keyNode, keyMark: keyMark, with: edit.value, in: &lines) else { return nil }
                        return lines.joined(separator: "\n")
                    }
                    owner = (keyMark.line - 1, keyMark.column - 1)
                    node = value
                } else {
                    if edit.value == .removed { return lines.joined(separator: "\n") }
                    let indent = mapping.first?.key.mark.map { $0.column - 1 } ?? (owner.map { $0.indent + 2 } ?? 0)
                    let after = lastLine(of: node, ownerIndent: owner?.indent ?? -1, in: lines)
                    lines.insert(contentsOf: Self.newLines(remaining, value: edit.value, indent: indent), at: after + 1)
                    return lines.joined(separator: "\n")
                }
            case .sequence(let sequence):
                guard Self.isBlockSection(node), let id = ConfigEdit.itemID(key) else { return nil }
                let items = Array(sequence)
                guard let item = items.first(where: { ConfigTree.itemID(of: $0) == id }) else {
                    // A new item at the list's end, its dash where the others have theirs.
                    if edit.value == .removed { return lines.joined(separator: "\n") }
                    let dash = items.first.flatMap(Self.dashIndent) ?? (owner.map { $0.indent + 2 } ?? 0)
                    let after = lastLine(of: node, ownerIndent: owner?.indent ?? -1, in: lines)
                    lines.insert(contentsOf: Self.newLines(remaining, value: edit.value, indent: dash), at: after + 1)
                    return lines.joined(separator: "\n")
                }
                guard let dash = Self.dashIndent(of: item), let first = item.mapping?.first?.key.mark?.line else { return nil }
                if isLast {
                    // Only a whole item can be taken out; it has no value of its own to set.
                    guard edit.value == .removed else { return nil }
                    lines.removeSubrange((first - 1)...lastLine(of: item, ownerIndent: dash, in: lines))
                    return lines.joined(separator: "\n")
                }
                owner = (first - 1, dash)
                node = item
            case .scalar(let scalar) where scalar.string.isEmpty && scalar.style == .plain:
                // An empty section (`mqtt:` and nothing else, or an empty file).
                if edit.value == .removed { return lines.joined(separator: "\n") }
                let indent = owner.map { $0.indent + 2 } ?? 0
                let at = owner.map { $0.line + 1 } ?? lines.count
                lines.insert(contentsOf: Self.newLines(remaining, value: edit.value, indent: indent), at: at)
                return lines.joined(separator: "\n")
            default:
                return nil
            }
        }
        return nil
    }

    /// Sets or removes a key's single-line scalar value where it is written.
    private func replace(value: Node, keyNode: Node, keyMark: Mark, with newValue: ConfigValue, in lines: inout [String]) -> Bool {
        guard case .scalar(let scalar) = value, let keyStyle = keyNode.scalar?.style else { return false }
        let keyLine = keyMark.line - 1
        guard keyLine < lines.count else { return false }
        guard let text = newValue.yamlText else {
            // Only a key whose value ends on its own line is taken out whole.
            guard scalar.string.isEmpty || value.mark?.line == keyMark.line else { return false }
            lines.remove(at: keyLine)
            return true
        }
        var line = Array(lines[keyLine].unicodeScalars)
        if scalar.string.isEmpty, scalar.style == .plain {
            // `key:` with nothing after it: the value goes after the colon.
            guard let keySpan = Self.scalarSpan(in: line, from: keyMark.column - 1, style: keyStyle, endsAtColon: true),
                keySpan.upperBound < line.count, line[keySpan.upperBound] == ":"
            else { return false }
            line.insert(contentsOf: (" " + text).unicodeScalars, at: keySpan.upperBound + 1)
        } else {
            guard let mark = value.mark, mark.line == keyMark.line,
                let span = Self.scalarSpan(in: line, from: mark.column - 1, style: scalar.style)
            else { return false }
            line.replaceSubrange(span, with: text.unicodeScalars)
        }
        lines[keyLine] = String(String.UnicodeScalarView(line))
        return true
    }

    /// Where a single-line scalar that starts at `start` ends; a plain key (`endsAtColon`) ends at its
    /// colon.
    private static func scalarSpan(in line: [Unicode.Scalar], from start: Int, style: Node.Scalar.Style, endsAtColon: Bool = false) -> Range<Int>? {
        guard start < line.count else { return nil }
        switch style {
        case .plain:
            var end = line.count
            for index in start..<line.count where (line[index] == "#" && index > start && line[index - 1] == " ")
                || (endsAtColon && line[index] == ":" && (index + 1 == line.count || line[index + 1] == " ")) {
                end = index
                break
            }
            while end > start, line[end - 1] == " " || line[end - 1] == "\t" { end -= 1 }
            return start..<end
        case .singleQuoted, .doubleQuoted:
            let quote: Unicode.Scalar = style == .singleQuoted ? "'" : "\""
            var index = start + 1
            while index < line.count {
                if style == .doubleQuoted, line[index] == "\\" {
                    index += 2
                    continue
                }
                if line[index] == quote {
                    if style == .singleQuoted, index + 1 < line.count, line[index + 1] == "'" {
                        index += 2
                        continue
                    }
                    return start..<(index + 1)
                }
                index += 1
            }
            return nil
        default:
            return nil
        }
    }

    /// The last line that belongs to a section: its last node's line, and the lines after it indented
    /// deeper than the section's key (a value continued on the next lines).
    private func lastLine(of section: Node, ownerIndent: Int, in lines: [String]) -> Int {
        var last = Self.lastMarkedLine(section) - 1
        while last + 1 < lines.count {
            let next = lines[last + 1]
            let trimmed = next.drop { $0 == " " }
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), next.count - trimmed.count > ownerIndent else { break }
            last += 1
        }
        return ownerIndent < 0 ? max(last, Self.lastContentLine(lines)) : last
    }

    /// The last line that is not blank, for adding a section at the end of the file.
    private static func lastContentLine(_ lines: [String]) -> Int {
        lines.lastIndex { !$0.allSatisfy { $0 == " " } } ?? -1
    }

    /// The column of the `- ` that starts a list item written as `- id: …` lines; `nil` for any other.
    private static func dashIndent(of item: Node) -> Int? {
        guard case .mapping(let mapping) = item, mapping.style != .flow, let mark = mapping.first?.key.mark, mark.column >= 3 else { return nil }
        return mark.column - 3
    }

    /// A section or list written as indented lines, not in braces or brackets.
    private static func isBlockSection(_ node: Node) -> Bool {
        switch node {
        case .mapping(let mapping): mapping.style != .flow
        case .sequence(let sequence): sequence.style != .flow
        default: false
        }
    }

    private static func lastMarkedLine(_ node: Node) -> Int {
        switch node {
        case .scalar(let scalar): return scalar.mark?.line ?? 0
        case .mapping(let mapping):
            return mapping.reduce(mapping.mark?.line ?? 0) { max($0, lastMarkedLine($1.key), lastMarkedLine($1.value)) }
        case .sequence(let sequence):
            return sequence.reduce(sequence.mark?.line ?? 0) { max($0, lastMarkedLine($1)) }
        case .alias(let alias): return alias.mark?.line ?? 0
        }
    }

    /// `keys` as nested block lines at `indent`, the last holding the value (or followed by its block).
    private static func newLines(_ keys: [String], value: ConfigValue, indent: Int) -> [String] {
        var lines: [String] = []
        var indent = indent
        for (depth, key) in keys.enumerated() {
            let padding = String(repeating: " ", count: indent)
            indent += 2
            if let id = ConfigEdit.itemID(key) {
                // A new list item starts with its id.
                lines.append(padding + "- id: " + (ConfigValue.text(id).yamlText ?? id))
                continue
            }
            let prefix = padding + (ConfigValue.text(key).yamlText ?? key) + ":"
            lines.append(depth == keys.count - 1 && value.blockLines == nil ? prefix + " " + (value.yamlText ?? "") : prefix)
        }
        let blockIndent = String(repeating: " ", count: indent)
        return lines + (value.blockLines ?? []).map { blockIndent + $0 }
    }
}
