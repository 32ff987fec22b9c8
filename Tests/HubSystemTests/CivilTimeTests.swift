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

    @Test("ISO 8601 without a fraction gives the second the instant falls in")
    func wholeSeconds() {
        #expect(CivilTime.iso8601(Date(timeIntervalSince1970: 1_749_891_420.965), withFraction: false) == "2025-06-14T08:57:00Z")
        #expect(CivilTime.iso8601(Date(timeIntervalSince1970: -0.5), withFraction: false) == "1969-12-31T23:59:59Z")
    }

    @Test("ISO 8601 in local time carries its offset, so the repeated hour of a DST change reads apart")
    func localWithOffset() {
        // 2026-10-25 in Berlin: 02:30 happens at 00:30Z (summer time) and again at 01:30Z (winter time).
        #expect(CivilTime.iso8601(Date(timeIntervalSince1970: 1_792_888_200), utcOffsetSeconds: 7200) == "2026-10-25T02:30:00+02:00")
        #expect(CivilTime.iso8601(Date(timeIntervalSince1970: 1_792_891_800), utcOffsetSeconds: 3600) == "2026-10-25T02:30:00+01:00")
        #expect(CivilTime.iso8601(Date(timeIntervalSince1970: 0), utcOffsetSeconds: -34_200) == "1969-12-31T14:30:00-09:30")
        #expect(CivilTime.iso8601(Date(timeIntervalSince1970: 0.9), utcOffsetSeconds: 0) == "1970-01-01T00:00:00+00:00")
    }

    @Test("ISO 8601 text reads with Z, an offset or no zone; impossible dates and stray text read as nothing")
    func readISO8601() throws {
        let utc = try #require(CivilTime.iso8601Time("2025-06-14T08:57:00.565178Z"))
        #expect(abs(utc.instant!.timeIntervalSince1970 - 1_749_891_420.565178) < 1e-6)
        #expect(CivilTime.iso8601Time("2025-06-14 10:57+02:00")?.instant == Date(timeIntervalSince1970: 1_749_891_420))
        #expect(CivilTime.iso8601Time("2025-06-14T03:57:00-0500")?.instant == Date(timeIntervalSince1970: 1_749_891_420))
        let local = try #require(CivilTime.iso8601Time("2025-06-14T08:57:00"))
        #expect(local.offset == nil && local.instant == nil && local.wallSeconds == 1_749_891_420)
        #expect(CivilTime.iso8601Time("2016-12-31T23:59:60Z")?.instant == Date(timeIntervalSince1970: 1_483_228_799))
        for bad in ["2025-02-29T00:00:00Z", "2025-06-14", "2025-06-14T24:00Z", "2025-06-14T08:57:00Zulu", "2025-06-14T08:57+15:00", ""] {
            #expect(CivilTime.iso8601Time(bad) == nil, "\(bad)")
        }
        let now = Date(timeIntervalSince1970: 1_800_000_000.25)
        #expect(CivilTime.iso8601Time(CivilTime.iso8601(now))?.instant == now)
    }

    @Test("the civilISO8601 JSON strategies write UTC to the second and read what Foundation's .iso8601 wrote")
    func jsonStrategies() throws {
        struct Stamp: Codable, Equatable { var at: Date }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .civilISO8601
        let written = String(decoding: try encoder.encode(Stamp(at: Date(timeIntervalSince1970: 1_795_162_500.7))), as: UTF8.self)
        #expect(written == #"{"at":"2026-11-20T08:15:00Z"}"#)

        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .civilISO8601
        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = .iso8601
        let earlier = Stamp(at: Date(timeIntervalSince1970: 1_795_162_500))
        #expect(try decoder.decode(Stamp.self, from: foundation.encode(earlier)) == earlier)
        #expect(try decoder.decode(Stamp.self, from: Data(#"{"at":"2026-11-20T09:15:00+01:00"}"#.utf8)) == earlier)
        #expect(throws: DecodingError.self) { try decoder.decode(Stamp.self, from: Data(#"{"at":"2026-11-20T08:15:00"}"#.utf8)) }
    }

    @Test("HTTP dates are RFC 9110's IMF-fixdate, before 1970 too")
    func httpDate() {
        #expect(CivilTime.httpDate(secondsSince1970: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(CivilTime.httpDate(secondsSince1970: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(CivilTime.httpDate(secondsSince1970: -1) == "Wed, 31 Dec 1969 23:59:59 GMT")
        #expect(CivilTime.httpDate(secondsSince1970: 1_709_208_000) == "Thu, 29 Feb 2024 12:00:00 GMT")
    }
}
