/// A POSIX `TZ` rule, as in a TZif file's footer or the `TZ` variable: a standard offset and, for zones with
/// daylight saving, its offset and the local date and time it starts and ends each year.
/// "CET-1CEST,M3.5.0,M10.5.0/3" is one hour east of UTC, two hours from the last Sunday of March at 02:00
/// to the last Sunday of October at 03:00 (RFC 8536 section 3.3; POSIX offsets count west of UTC).
struct PosixZoneRule: Sendable, Hashable {
    /// Seconds east of UTC outside daylight saving.
    let standardOffset: Int
    /// Daylight saving, when the zone has it.
    let daylight: Daylight?

    struct Daylight: Sendable, Hashable {
        /// Seconds east of UTC during daylight saving.
        let offset: Int
        /// When it starts, in standard local time.
        let start: Change
        /// When it ends, in daylight-saving local time.
        let end: Change
    }

    /// A yearly change: a day of the year and a local time on it (which may be negative or past 24:00).
    struct Change: Sendable, Hashable {
        let day: Day
        let secondOfDay: Int

        /// Seconds since 1970, UTC, of the change in `year`, for a local time `utcOffset` ahead of UTC.
        func instant(in year: Int, utcOffset: Int) -> Int {
            day.daysSince1970(in: year) * 86_400 + secondOfDay - utcOffset
        }
    }

    enum Day: Sendable, Hashable {
        /// `Jn`: day 1–365, February 29 never counted.
        case julianSkippingLeapDay(Int)
        /// `n`: day 0–365, February 29 counted.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday `d` (0 is Sunday) of week `w` (1–5, 5 is the last) of month `m`.
        case weekdayOfMonth(month: Int, week: Int, weekday: Int)

        func daysSince1970(in year: Int) -> Int {
            let newYear = CivilTime.days(year: year, month: 1, day: 1)
            switch self {
            case let .julianSkippingLeapDay(day):
                let leapDay = day >= 60 && CivilTime.isValid(year: year, month: 2, day: 29) ? 1 : 0
                return newYear + day - 1 + leapDay
            case let .zeroBased(day):
                return newYear + day
            case let .weekdayOfMonth(month, week, weekday):
                let first = CivilTime.days(year: year, month: month, day: 1)
                let firstWeekday = ((first + 4) % 7 + 7) % 7  // 1970-01-01 was a Thursday
                var day = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
                let nextMonth = month == 12
                    ? CivilTime.days(year: year + 1, month: 1, day: 1) : CivilTime.days(year: year, month: month + 1, day: 1)
                while day >= nextMonth { day -= 7 }
                return day
            }
        }
    }

    /// Seconds east of UTC at `instant` (seconds since 1970, UTC): the offset the latest change before it
    /// set, among the changes of the year around it and the years either side (a change may cross into
    /// the next or previous year).
    func secondsFromUTC(at instant: Int) -> Int {
        guard let daylight else { return standardOffset }
        let local = instant + standardOffset
        let year = CivilTime.date(days: local >= 0 ? local / 86_400 : (local - 86_399) / 86_400).year
        var latest: (instant: Int, offset: Int)?
        for changeYear in year - 1...year + 1 {
            // A start and an end at the same instant (daylight saving all year) leave daylight saving on.
            for (change, offset) in [(daylight.end.instant(in: changeYear, utcOffset: daylight.offset), standardOffset),
                                     (daylight.start.instant(in: changeYear, utcOffset: standardOffset), daylight.offset)]
            where change <= instant && change >= latest?.instant ?? .min {
                latest = (change, offset)
            }
        }
        return latest?.offset ?? standardOffset
    }
}

extension PosixZoneRule {
    /// Reads a rule; without dates, daylight saving follows the United States rule POSIX systems default to.
    init(_ text: String) throws(TimeZoneRulesError) {
        var scanner = RuleScanner(text: text)
        do throws(RuleScanner.Problem) {
            try scanner.name()
            standardOffset = try -scanner.time(maxHours: 24)
            guard !scanner.isAtEnd else {
                daylight = nil
                return
            }
            try scanner.name()
            let daylightOffset = scanner.startsTime ? try -scanner.time(maxHours: 24) : standardOffset + 3600
            let start: Change
            let end: Change
            if scanner.isAtEnd {
                start = Change(day: .weekdayOfMonth(month: 3, week: 2, weekday: 0), secondOfDay: 7200)
                end = Change(day: .weekdayOfMonth(month: 11, week: 1, weekday: 0), secondOfDay: 7200)
            } else {
                try scanner.expect(",")
                start = try scanner.change()
                try scanner.expect(",")
                end = try scanner.change()
                guard scanner.isAtEnd else { throw RuleScanner.Problem("unexpected text after the end date") }
            }
            daylight = Daylight(offset: daylightOffset, start: start, end: end)
        } catch {
            throw .malformedRule(text: text, problem: error.text)
        }
    }
}

/// Reads the parts of a POSIX `TZ` rule left to right.
private struct RuleScanner {
    typealias Problem = ZoneDataProblem

    private let bytes: [UInt8]
    private var position = 0

    init(text: String) { bytes = Array(text.utf8) }

    var isAtEnd: Bool { position == bytes.count }
    /// Whether an offset (a sign or a digit) comes next.
    var startsTime: Bool { !isAtEnd && (isDigit(bytes[position]) || bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) }

    /// A zone abbreviation: three or more letters, or "<…>" around letters, digits and signs.
    mutating func name() throws(Problem) {
        let quoted = peek("<")
        if quoted { position += 1 }
        let start = position
        while position < bytes.count, isNameByte(bytes[position], quoted: quoted) { position += 1 }
        guard position - start >= 3 else { throw Problem("a zone abbreviation needs at least three letters") }
        if quoted { try expect(">") }
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, positive when unsigned.
    mutating func time(maxHours: Int) throws(Problem) -> Int {
        var sign = 1
        if peek("+") || peek("-") {
            sign = peek("-") ? -1 : 1
            position += 1
        }
        let hours = try number(maxDigits: 3, range: 0...maxHours, what: "hours")
        var seconds = hours * 3600
        if peek(":") {
            position += 1
            seconds += try number(maxDigits: 2, range: 0...59, what: "minutes") * 60
            if peek(":") {
                position += 1
                seconds += try number(maxDigits: 2, range: 0...59, what: "seconds")
            }
        }
        return sign * seconds
    }

    /// `date[/time]`, the time 02:00 when not given.
    mutating func change() throws(Problem) -> PosixZoneRule.Change {
        let day: PosixZoneRule.Day
        if peek("J") {
            position += 1
            day = .julianSkippingLeapDay(try number(maxDigits: 3, range: 1...365, what: "Julian day"))
        } else if peek("M") {
            position += 1
            let month = try number(maxDigits: 2, range: 1...12, what: "month")
            try expect(".")
            let week = try number(maxDigits: 1, range: 1...5, what: "week")
            try expect(".")
            day = .weekdayOfMonth(month: month, week: week, weekday: try number(maxDigits: 1, range: 0...6, what: "weekday"))
        } else {
            day = .zeroBased(try number(maxDigits: 3, range: 0...365, what: "day of the year"))
        }
        guard peek("/") else { return PosixZoneRule.Change(day: day, secondOfDay: 7200) }
        position += 1
        return PosixZoneRule.Change(day: day, secondOfDay: try time(maxHours: 167))
    }

    mutating func expect(_ character: Unicode.Scalar) throws(Problem) {
        guard peek(character) else { throw Problem("expected '\(character)' at position \(position + 1)") }
        position += 1
    }

    private mutating func number(maxDigits: Int, range: ClosedRange<Int>, what: String) throws(Problem) -> Int {
        var value = 0
        var digits = 0
        while position < bytes.count, isDigit(bytes[position]), digits < maxDigits {
            value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
            digits += 1
            position += 1
        }
        guard digits > 0 else { throw Problem("expected the \(what) at position \(position + 1)") }
        guard range.contains(value) else { throw Problem("\(what) \(value) is outside \(range.lowerBound)–\(range.upperBound)") }
        return value
    }

    private func peek(_ character: Unicode.Scalar) -> Bool {
        position < bytes.count && bytes[position] == UInt8(ascii: character)
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private func isNameByte(_ byte: UInt8, quoted: Bool) -> Bool {
        let letter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        return letter || quoted && (isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"))
    }
}
