import Foundation
import HubSystem
import Testing
@testable import Sensors

@Suite("Timestamps in the formats sensor tools write")
struct TimestampParserTests {
    let utc = TimestampParser(timeZone: .utc)
    let berlinSummer = TimestampParser(timeZone: TimeZoneRules(secondsFromUTC: 7200))

    private func instant(_ parsed: PayloadTime?) -> Date? {
        switch parsed {
        case .instant(let date)?, .localTime(let date, _)?: date
        default: nil
        }
    }

    @Test("ISO 8601 with Z, offsets, fractions, T or space", arguments: [
        ("2025-06-14T08:56:12Z", 1_749_891_372.0),
        ("2025-06-14 08:56:12Z", 1_749_891_372.0),
        ("2025-06-14T10:56:12+02:00", 1_749_891_372.0),
        ("2025-06-14T10:56:12+0200", 1_749_891_372.0),
        ("2025-06-14T03:56:12-05", 1_749_891_372.0),
        ("2025-06-14T08:57:00.565178Z", 1_749_891_420.565178),
        ("2024-03-15T05:34:44.123+01:00", 1_710_477_284.123),
    ])
    func iso8601(_ text: String, _ seconds: Double) {
        guard case .instant(let date) = utc.parse(text) else {
            Issue.record("\(text) not read as an instant")
            return
        }
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-5)
    }

    @Test("epoch seconds, milliseconds and microseconds, as numbers or strings")
    func epochs() {
        #expect(instant(utc.parse(.number(1_749_891_377))) == Date(timeIntervalSince1970: 1_749_891_377))
        #expect(instant(utc.parse(.string("1749891377"))) == Date(timeIntervalSince1970: 1_749_891_377))
        #expect(instant(utc.parse(.number(1_710_477_284_000))) == Date(timeIntervalSince1970: 1_710_477_284))
        #expect(instant(utc.parse(.number(1_710_477_284_000_000))) == Date(timeIntervalSince1970: 1_710_477_284))
        let fractional = instant(utc.parse(.string("1749891420.565178")))!.timeIntervalSince1970
        #expect(abs(fractional - 1_749_891_420.565178) < 1e-6)
    }

    @Test("a zone-less time is local time in the configured zone")
    func localTime() {
        guard case .localTime(let date, _) = berlinSummer.parse("2025-06-14 10:56:21") else {
            Issue.record("not read as local time")
            return
        }
        #expect(date == Date(timeIntervalSince1970: 1_749_891_381))
    }

    @Test("replay offsets and unknown formats are unusable, never guessed", arguments: [
        "@0.293728s", "2018.02.01 21:29:40", "yesterday", "2025-13-01T00:00:00Z", "2025-02-30 10:00:00", "2025-06-14T25:00:00Z",
    ])
    func unusable(_ text: String) {
        guard case .unusable = utc.parse(text) else {
            Issue.record("\(text) should be unusable")
            return
        }
    }
}
