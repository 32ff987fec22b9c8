/// The duration syntax of the configuration (and of `weatherctl`'s options): `90s`, `5m`, `1h30m`, `2d`,
/// `250ms`, or plain seconds.
public enum DurationText {
    /// The duration `text` writes, or nil when it is not one.
    public static func parse(_ text: String) -> Duration? {
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
    public static func format(_ duration: Duration) -> String {
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
