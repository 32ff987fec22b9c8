import FoundationEssentials
import HubSystem

/// Reads a `Retry-After` header: a number of seconds, or an HTTP date in any of the three forms
/// RFC 9110 asks recipients to accept (IMF-fixdate, RFC 850, asctime). Parsed by hand: no ICU.
enum RetryAfter {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The instant the header names, `nil` when it is absent or unreadable.
    static func date(from header: String?, now: Date) -> Date? {
        guard let header = header?.trimmedWhitespace, !header.isEmpty else { return nil }
        if let seconds = Int(header) {
            return seconds >= 0 ? now.addingTimeInterval(Double(seconds)) : nil
        }
        return httpDate(header)
    }

    /// "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT" or "Sun Nov  6 08:49:37 1994".
    static func httpDate(_ text: String) -> Date? {
        let tokens = text.split { $0 == " " || $0 == "," || $0 == "-" || $0 == ":" }.map { $0.lowercased() }
        guard let monthIndex = tokens.firstIndex(where: { months.contains(String($0.prefix(3))) }),
            let month = months.firstIndex(of: String(tokens[monthIndex].prefix(3)))
        else { return nil }
        let numbers = tokens.compactMap { Int($0) }
        guard numbers.count == 5 else { return nil }
        let firstNumberIndex = tokens.firstIndex { Int($0) != nil } ?? 0
        // asctime puts the month before the day and the year last.
        let (day, rawYear, hour, minute, second) =
            monthIndex < firstNumberIndex
            ? (numbers[0], numbers[4], numbers[1], numbers[2], numbers[3])
            : (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4])
        let year = rawYear < 100 ? rawYear + (rawYear < 70 ? 2000 : 1900) : rawYear
        guard (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else {
            return nil
        }
        let days = LocalDate(year: year, month: month + 1, day: day).daysSinceEpoch
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }
}
