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
    func parse(_ value: ScannedJSONValue) -> PayloadTime? {
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

    /// ISO 8601 text; without a zone, read in the configured one.
    private func iso8601(_ text: String) -> PayloadTime? {
        guard let time = CivilTime.iso8601Time(text) else { return nil }
        if let instant = time.instant { return .instant(instant) }
        return .localTime(localInstant(wallSeconds: time.wallSeconds), text: text)
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
