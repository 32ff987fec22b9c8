/// Prints numbers with a fixed count of fraction digits, without locale-dependent formatters.
public enum ReportNumber {
    /// `format(12.388, digits: 1)` is `12.4`; never prints `-0`.
    public static func format(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        guard abs(value) < 1e15 else { return String(value) }
        var scale = 1.0
        for _ in 0..<max(0, digits) { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let negative = value < 0 && scaled != 0
        let whole = Int64(scaled / scale)
        var text = (negative ? "-" : "") + String(whole)
        if digits > 0 {
            let fraction = Int64(scaled - Double(whole) * scale)
            let fractionText = String(fraction)
            text += "." + String(repeating: "0", count: max(0, digits - fractionText.count)) + fractionText
        }
        return text
    }

    /// The shortest text that reads back as `value` once rounded to `digits` (`22.5`, `1013`, `0.255`).
    public static func compact(_ value: Double, maxDigits: Int) -> String {
        var text = format(value, digits: maxDigits)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
