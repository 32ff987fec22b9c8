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
