/// Reads a payload value as a number the way a careful hub must: plain JSON numbers and numeric
/// strings in the C locale are accepted; `"21,5"`, `"NaN"`, `"error"` and `"21.5 °C"` are refused
/// with a reason.
enum NumericValue: Equatable {
    case number(Double)
    /// `null` or an empty string: the sender has no value, which is not an error.
    case absent
    case rejected(RejectionReason)

    static func read(_ value: ScannedJSONValue, key: String) -> NumericValue {
        switch value {
        case .number(let number): return .number(number)
        case .tooLargeNumber(let text): return tooLarge(text, key: key)
        case .string(let text): return read(text: text, key: key)
        case .null: return .absent
        case .bool: return .rejected(RejectionReason(.notANumber, "\"\(key)\" is a true/false flag, not a number"))
        case .array, .object: return .rejected(RejectionReason(.notANumber, "\"\(key)\" holds a structure, not a number"))
        }
    }

    /// Reads a number written as text (a plain MQTT payload or a JSON string).
    static func read(text raw: String, key: String) -> NumericValue {
        let text = raw.trimmingASCIIWhitespace()
        if text.isEmpty { return .absent }
        let shown = text.count > 24 ? String(text.prefix(24)) + "…" : text
        let lowered = text.lowercased()
        let unsigned = lowered.hasPrefix("-") || lowered.hasPrefix("+") ? String(lowered.dropFirst()) : lowered
        if ["nan", "inf", "infinity"].contains(unsigned) {
            return .rejected(RejectionReason(.nonFiniteNumber, "\"\(key)\" is \(shown): the sensor has no valid reading"))
        }
        if let number = cLocaleNumber(text) {
            return number.isFinite ? .number(number) : tooLarge(shown, key: key)
        }
        if looksLocaleFormatted(text) {
            return .rejected(
                RejectionReason(
                    .localeFormattedNumber,
                    "\"\(key)\" is \"\(shown)\": a number in a locale format (decimal comma or grouping); send \"1234.5\""))
        }
        if startsWithNumber(text) {
            return .rejected(RejectionReason(.notANumber, "\"\(key)\" is \"\(shown)\": text after the number (a unit?)"))
        }
        return .rejected(RejectionReason(.notANumber, "\"\(key)\" is \"\(shown)\", not a number"))
    }

    private static func tooLarge(_ shown: String, key: String) -> NumericValue {
        .rejected(RejectionReason(.nonFiniteNumber, "\"\(key)\" (\(shown)) does not fit a double; the other values are kept"))
    }

    /// Reads a flag: JSON booleans, 0/1, and the words devices use ("true", "on", "low", "ok"…).
    /// `.number(1)` means true/low-like words, `.number(0)` false/ok-like words.
    static func readFlag(_ value: ScannedJSONValue, key: String) -> NumericValue {
        switch value {
        case .bool(let flag): return .number(flag ? 1 : 0)
        case .number(let number) where number == 0 || number == 1: return .number(number)
        case .string(let text):
            switch text.trimmingASCIIWhitespace().lowercased() {
            case "true", "1", "yes", "on", "low": return .number(1)
            case "false", "0", "no", "off", "ok", "normal", "high": return .number(0)
            default: return .rejected(RejectionReason(.notANumber, "\"\(key)\" is \"\(text)\", not a yes/no flag"))
            }
        case .null: return .absent
        default: return .rejected(RejectionReason(.notANumber, "\"\(key)\" is not a yes/no flag"))
        }
    }

    /// `[+-]digits[.digits][e[+-]digits]` or `[+-].digits…`, nothing else.
    static func cLocaleNumber(_ text: String) -> Double? {
        var digits = 0
        var index = text.utf8.startIndex
        let bytes = text.utf8
        func at(_ i: String.UTF8View.Index) -> UInt8? { i < bytes.endIndex ? bytes[i] : nil }
        if let sign = at(index), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { index = bytes.index(after: index) }
        while let byte = at(index), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            digits += 1
            index = bytes.index(after: index)
        }
        if at(index) == UInt8(ascii: ".") {
            index = bytes.index(after: index)
            while let byte = at(index), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digits += 1
                index = bytes.index(after: index)
            }
        }
        guard digits > 0 else { return nil }
        if let marker = at(index), marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            index = bytes.index(after: index)
            if let sign = at(index), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { index = bytes.index(after: index) }
            var exponentDigits = 0
            while let byte = at(index), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                exponentDigits += 1
                index = bytes.index(after: index)
            }
            guard exponentDigits > 0 else { return nil }
        }
        guard index == bytes.endIndex else { return nil }
        return Double(text.hasPrefix("+") ? String(text.dropFirst()) : text)
    }

    /// Digits with a decimal comma or grouping separators (`21,5`, `1.013,25`, `1 013,2`, `1'013`).
    private static func looksLocaleFormatted(_ text: String) -> Bool {
        var sawDigit = false
        var sawSeparator = false
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            switch scalar {
            case "0"..."9": sawDigit = true
            case "-" where offset == 0, "+" where offset == 0: continue
            case ",", "'", "\u{00A0}", "\u{202F}", " ", "٫": sawSeparator = true
            case ".": continue
            default: return false
            }
        }
        return sawDigit && sawSeparator
    }

    private static func startsWithNumber(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return ("0"..."9").contains(first) || ((first == "-" || first == "+") && text.unicodeScalars.dropFirst().first.map { ("0"..."9").contains($0) } == true)
    }
}
