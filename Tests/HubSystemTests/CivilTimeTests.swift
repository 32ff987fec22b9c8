import Foundation
import HubSystem
import Testing

/// Calendar arithmetic without ICU, shared by the sensors' timestamps, the panel's log times and the
/// weather's local dates.
@Suite("Civil time")
struct CivilTimeTests {
    @Test("civil dates round-trip and print as ISO 8601 UTC")
    func civil() {
        for days in stride(from: -800_000, through: 800_000, by: 9_973) {
            let (year, month, day) = CivilTime.date(days: days)
            #expect(CivilTime.days(year: year, month: month, day: day) == days)
        }
        #expect(CivilTime.iso8601(Date(timeIntervalSince1970: 1_749_891_420.565178)) == "2025-06-14T08:57:00.565178Z")
        #expect(CivilTime.iso8601(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(CivilTime.isValid(year: 2024, month: 2, day: 29))
        #expect(!CivilTime.isValid(year: 2025, month: 2, day: 29))
    }

    @Test("HTTP dates are RFC 9110's IMF-fixdate, before 1970 too")
    func httpDate() {
        #expect(CivilTime.httpDate(secondsSince1970: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(CivilTime.httpDate(secondsSince1970: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(CivilTime.httpDate(secondsSince1970: -1) == "Wed, 31 Dec 1969 23:59:59 GMT")
        #expect(CivilTime.httpDate(secondsSince1970: 1_709_208_000) == "Thu, 29 Feb 2024 12:00:00 GMT")
    }
}
