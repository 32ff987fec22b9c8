import Foundation
import Testing
import WeatherInfoKit

@Suite("local dates without ICU")
struct LocalDateTests {
    @Test("1970-01-01 was a Thursday and 2000-02-29 existed")
    func knownDates() {
        let epoch = LocalDate(containing: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0)
        #expect(epoch == LocalDate(year: 1970, month: 1, day: 1))
        #expect(epoch.weekday == 5)
        let leap = LocalDate(year: 2000, month: 2, day: 28).adding(days: 1)
        #expect(leap == LocalDate(year: 2000, month: 2, day: 29))
        #expect(leap.adding(days: 1) == LocalDate(year: 2000, month: 3, day: 1))
        #expect(LocalDate(year: 2100, month: 2, day: 28).adding(days: 1) == LocalDate(year: 2100, month: 3, day: 1))
    }

    @Test("instants before 1970 and west of Greenwich round towards the earlier day")
    func negativeInstants() {
        #expect(LocalDate(containing: Date(timeIntervalSince1970: -1), utcOffsetSeconds: 0) == LocalDate(year: 1969, month: 12, day: 31))
        #expect(LocalDate(containing: Date(timeIntervalSince1970: 3600), utcOffsetSeconds: -7200) == LocalDate(year: 1969, month: 12, day: 31))
    }

    @Test("the start of a date and the date of that start agree for every day of 400 years")
    func roundTrip() {
        var date = LocalDate(year: 1900, month: 1, day: 1)
        var mismatches: [String] = []
        for _ in 0..<146_097 {
            for offset in [-34_200, 0, 20_700, 46_800]
            where LocalDate(containing: date.start(utcOffsetSeconds: offset), utcOffsetSeconds: offset) != date {
                mismatches.append("\(date) at \(offset)")
            }
            let next = date.adding(days: 1)
            if date.days(until: next) != 1 || next.weekday != date.weekday % 7 + 1 || next <= date {
                mismatches.append("after \(date)")
            }
            date = next
        }
        #expect(mismatches.isEmpty)
        #expect(date == LocalDate(year: 2300, month: 1, day: 1))
    }

    @Test("prints as ISO 8601")
    func description() {
        #expect(LocalDate(year: 2026, month: 3, day: 9).description == "2026-03-09")
    }
}
