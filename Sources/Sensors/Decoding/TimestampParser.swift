#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem

/// Reads the timestamps the sensor ecosystems write: epoch seconds, milliseconds or microseconds (as
/// numbers or strings, with or without a fraction), ISO 8601 with `T` or a space, with `Z`, an offset
/// or no zone at all (read in `timeZone`). Anything else is `unusable`, never a guess.
struct TimestampParser: Sendable {
    let timeZone: TimeZoneRules

    /// Reads a JSON value that should hold a timestamp.
    func parse(_ value: JSONValue) -> PayloadTime? {
        switch value {
        case .number(let number): return epoch(number, text: String(number))
        case .string(let text): return parse(text)
        case .null: return nil
        default: return .unusable(text: "\(value)", why: "not a timestamp")
        }
    }

    /// Reads a timestamp written as text.
    func parse(_ raw: String) -> PayloadTime {
        let text = raw.trimmingASCIIWhitespace()
        if text.hasPrefix("@") {
            return .unusable(text: text, why: "an offset into a replayed recording, not a clock time")
        }
        if let number = Self.plainDecimal(text) { return epoch(number, text: text) }
        if let time = iso8601(text) { return time }
        return .unusable(text: text, why: "not a timestamp format the hub reads")
    }

    private func epoch(_ number: Double, text: String) -> PayloadTime {
        guard number.isFinite, number > 0 else { return .unusable(text: text, why: "not a clock time") }
        let seconds: Double
        switch number {
        case 1e17...: seconds = number / 1e9
        case 1e14...: seconds = number / 1e6
        case 1e11...: seconds = number / 1e3
        default: seconds = number
        }
        return .instant(Date(timeIntervalSince1970: seconds))
    }

    /// `YYYY-MM-DD[T| ]HH:MM[:SS[.fff…]][Z|±HH[:MM]|±HHMM]`.
    private func iso8601(_ text: String) -> PayloadTime? {
        var contiguous = text
        return contiguous.withUTF8 { iso8601(text, bytes: $0) }
    }

    private func iso8601(_ text: String, bytes: UnsafeBufferPointer<UInt8>) -> PayloadTime? {
        var scanner = DigitScanner(bytes)
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
            let day = scanner.digits(2), CivilTime.isValid(year: year, month: month, day: day)
        else { return nil }
        guard scanner.skip("T") || scanner.skip("t") || scanner.skip(" ") else { return nil }
        guard let hour = scanner.digits(2), hour < 24, scanner.skip(":"), let minute = scanner.digits(2), minute < 60
        else { return nil }
        var second = 0
        var fraction = 0.0
        if scanner.skip(":") {
            guard let value = scanner.digits(2), value <= 60 else { return nil }
            second = min(value, 59)
            if scanner.skip(".") || scanner.skip(",") {
                guard let digits = scanner.fractionDigits() else { return nil }
                fraction = digits
            }
        }
        let wallSeconds = Double(CivilTime.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second) + fraction
        if scanner.isAtEnd {
            return .localTime(localInstant(wallSeconds: wallSeconds), text: text)
        }
        if scanner.skip("Z") || scanner.skip("z") {
            return scanner.isAtEnd ? .instant(Date(timeIntervalSince1970: wallSeconds)) : nil
        }
        let sign: Double
        if scanner.skip("+") {
            sign = 1
        } else if scanner.skip("-") {
            sign = -1
        } else {
            return nil
        }
        guard let offsetHours = scanner.digits(2), offsetHours <= 14 else { return nil }
        var offsetMinutes = 0
        if !scanner.isAtEnd {
            _ = scanner.skip(":")
            guard let minutes = scanner.digits(2), minutes < 60 else { return nil }
            offsetMinutes = minutes
        }
        guard scanner.isAtEnd else { return nil }
        let offset = sign * Double(offsetHours * 3600 + offsetMinutes * 60)
        return .instant(Date(timeIntervalSince1970: wallSeconds - offset))
    }

    /// The instant at which the configured zone's clocks showed `wallSeconds` (seconds since 1970 as
    /// if the wall clock were UTC), found by applying the zone's offset twice. A time the clocks show twice
    /// or skip (a daylight-saving change) gets one of the two nearby offsets, which one depending on the
    /// zone: an hour either way, for a payload that named no zone.
    private func localInstant(wallSeconds: Double) -> Date {
        let guess = Date(timeIntervalSince1970: wallSeconds)
        let firstOffset = Double(timeZone.secondsFromUTC(at: guess))
        let adjusted = Date(timeIntervalSince1970: wallSeconds - firstOffset)
        let secondOffset = Double(timeZone.secondsFromUTC(at: adjusted))
        return Date(timeIntervalSince1970: wallSeconds - secondOffset)
    }

    /// A decimal like `1749891420.565178` (digits, at most one point), or nil.
    static func plainDecimal(_ text: String) -> Double? {
        var sawDigit = false
        var sawPoint = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: "."):
                if sawPoint { return nil }
                sawPoint = true
            default: return nil
            }
        }
        return sawDigit ? Double(text) : nil
    }
}

/// Reads fixed-width digit groups and separators out of ASCII bytes.
private struct DigitScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    mutating func digits(_ count: Int) -> Int? {
        guard position + count <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<count {
            let byte = bytes[position + offset]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        position += count
        return value
    }

    mutating func fractionDigits() -> Double? {
        var value = 0.0
        var scale = 1.0
        let start = position
        while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
            if position - start < 9 {
                scale /= 10
                value += Double(bytes[position] - UInt8(ascii: "0")) * scale
            }
            position += 1
        }
        return position > start ? value : nil
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(character.value) else { return false }
        position += 1
        return true
    }
}
