#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension CivilTime {
    /// A timestamp as ISO 8601 text writes it: the wall-clock time it shows and the zone it names.
    public struct ISO8601Time: Sendable, Equatable {
        /// Seconds since 1970 as if the wall clock the text shows were UTC.
        public var wallSeconds: Double
        /// The text's offset from UTC in seconds (0 for `Z`); nil when the text names no zone.
        public var offset: Double?

        /// The instant the text means, when it names its zone.
        public var instant: Date? { offset.map { Date(timeIntervalSince1970: wallSeconds - $0) } }
    }

    /// Reads `YYYY-MM-DD[T|t| ]HH:MM[:SS[.|,fff…]][Z|z|±HH[:MM]|±HHMM]` (a leap second reads as :59); nil
    /// for anything else, including dates that do not exist.
    public static func iso8601Time(_ text: String) -> ISO8601Time? {
        var contiguous = text
        return contiguous.withUTF8 { iso8601Time(bytes: $0) }
    }

    private static func iso8601Time(bytes: UnsafeBufferPointer<UInt8>) -> ISO8601Time? {
        var scanner = DigitScanner(bytes)
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
            let day = scanner.digits(2), isValid(year: year, month: month, day: day)
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
        let wallSeconds = Double(days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second) + fraction
        if scanner.isAtEnd { return ISO8601Time(wallSeconds: wallSeconds, offset: nil) }
        if scanner.skip("Z") || scanner.skip("z") {
            return scanner.isAtEnd ? ISO8601Time(wallSeconds: wallSeconds, offset: 0) : nil
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
        return ISO8601Time(wallSeconds: wallSeconds, offset: sign * Double(offsetHours * 3600 + offsetMinutes * 60))
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

extension JSONEncoder.DateEncodingStrategy {
    /// ISO 8601 in UTC to the second (`2025-06-14T08:57:00Z`), written by `CivilTime`: Foundation's
    /// `.iso8601` builds a calendar in the machine's time zone, which loads ICU's zone data.
    public static var civilISO8601: Self {
        .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(CivilTime.iso8601(date, withFraction: false))
        }
    }
}

extension JSONDecoder.DateDecodingStrategy {
    /// ISO 8601 with a zone (`Z` or an offset), read by `CivilTime`; what `.civilISO8601` and Foundation's
    /// `.iso8601` write.
    public static var civilISO8601: Self {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let instant = CivilTime.iso8601Time(text)?.instant else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 time with a zone: \(text)")
            }
            return instant
        }
    }
}
