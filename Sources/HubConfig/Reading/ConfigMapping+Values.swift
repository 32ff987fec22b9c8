/// Typed readers for the scalar forms the configuration uses.
extension ConfigMapping {
    func string(_ key: String, default fallback: String) -> String {
        scalar(key, default: fallback, expected: "text") { $0 }
    }

    /// A string that may be left out; an empty value means "not set".
    func optionalString(_ key: String) -> String? {
        scalar(key, default: nil, expected: "text") { Self.isEmpty($0) ? .some(nil) : .some($0) }
    }

    func int(_ key: String, default fallback: Int, in range: ClosedRange<Int>) -> Int {
        scalar(key, default: fallback, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)") { text in
            Int(text.filter { $0 != "_" }).flatMap { range.contains($0) ? $0 : nil }
        }
    }

    func optionalInt(_ key: String, in range: ClosedRange<Int>) -> Int? {
        scalar(key, default: nil, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)") { text in
            if Self.isEmpty(text) { return .some(nil) }
            return Int(text).flatMap { range.contains($0) ? .some($0) : nil }
        }
    }

    func double(_ key: String, default fallback: Double, in range: ClosedRange<Double>) -> Double {
        scalar(key, default: fallback, expected: "a number from \(range.lowerBound) to \(range.upperBound)") { text in
            Double(text).flatMap { $0.isFinite && range.contains($0) ? $0 : nil }
        }
    }

    func bool(_ key: String, default fallback: Bool) -> Bool {
        scalar(key, default: fallback, expected: "true or false") { text in
            switch text.lowercased() {
            case "true", "yes", "on": true
            case "false", "no", "off": false
            default: nil
            }
        }
    }

    /// A duration written as `90s`, `5m`, `1h30m`, `2d` or a number of seconds.
    func duration(_ key: String, default fallback: Duration, in range: ClosedRange<Duration> = .zero ... .seconds(86_400 * 30)) -> Duration {
        scalar(key, default: fallback, expected: "a duration like 90s, 5m or 1h30m") { text in
            DurationText.parse(text).flatMap { range.contains($0) ? $0 : nil }
        }
    }

    /// One of an enumeration's raw values; a near miss gets a suggestion.
    func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, default fallback: Choice) -> Choice
    where Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue)
        return scalar(key, default: fallback, expected: "one of " + names.joined(separator: ", "),
                      suggestion: { Suggestion.closest(to: $0, in: names).map { "did you mean `\($0)`?" } }) { text in
            Choice(rawValue: text)
        }
    }
}

/// The duration syntax of the configuration: `90s`, `5m`, `1h30m`, `2d`, `250ms`, or plain seconds.
enum DurationText {
    static func parse(_ text: String) -> Duration? {
        let text = text.filter { !$0.isWhitespace }.lowercased()
        if let seconds = Double(text) { return seconds >= 0 ? .milliseconds(Int64(seconds * 1000)) : nil }
        var total: Duration = .zero
        var number = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isNumber || character == "." {
                number.append(character)
                index = text.index(after: index)
                continue
            }
            var unit = ""
            while index < text.endIndex, text[index].isLetter {
                unit.append(text[index])
                index = text.index(after: index)
            }
            guard let value = Double(number), let scale = unitMilliseconds[unit] else { return nil }
            total += .milliseconds(Int64(value * scale))
            number = ""
        }
        return number.isEmpty && total > .zero ? total : (text == "0" ? .zero : nil)
    }

    private static let unitMilliseconds: [String: Double] = ["ms": 1, "s": 1000, "m": 60_000, "h": 3_600_000, "d": 86_400_000]

    /// The duration written the way `parse` reads it, e.g. `1h30m`.
    static func format(_ duration: Duration) -> String {
        var seconds = Int(duration.components.seconds)
        if seconds == 0 { return "\(duration.components.attoseconds / 1_000_000_000_000_000)ms" }
        var text = ""
        for (unit, size) in [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)] where seconds >= size {
            text += "\(seconds / size)\(unit)"
            seconds %= size
        }
        return text
    }
}
