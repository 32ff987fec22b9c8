import Foundation
import HubSystem
import InkWidgets
import SharedDefaultsKit
import Testing
import WeatherInfoKit
@testable import WeatherWidgets

@Suite("Daily quote: rollover at local midnight, kept in the shared defaults")
struct QuoteTimelineTests {
    let berlin = try! TimeZoneRules(named: "Europe/Berlin")

    private func timeline(_ defaults: SharedDefaults, at now: Date) async throws -> Timeline<QuoteEntry> {
        let data = try TestData.context(defaults: defaults, display: DisplaySettings(timeZone: berlin), now: { now })
        return await QuoteTimelineProvider(data: data).timeline(in: TestData.providerContext(.medium, 296, 128))
    }

    @Test("a new date picks the next quote, persists date and index in the file, and ends at local midnight")
    func rollover() async throws {
        let defaults = try TestData.defaults()
        let morning = Date(timeIntervalSince1970: 1_778_738_400)  // 2026-05-14 06:00 UTC, 08:00 in Berlin
        let first = try await timeline(defaults, at: morning)
        #expect(first.entries.map(\.index) == [0, 1])
        #expect(first.entries[1].date == Date(timeIntervalSince1970: 1_778_796_000))  // 15 May 00:00 +02:00
        #expect(first.policy == .atEnd)

        // Another process (weatherctl, a restarted service) reads the same file.
        let reopened = try SharedDefaults(suiteName: "group.weatherhub.test", containerDirectory: URL(fileURLWithPath: defaults.path).deletingLastPathComponent().path)
        #expect(reopened.value(for: .dailyQuoteDate) == LocalDate(year: 2026, month: 5, day: 14))
        #expect(reopened.value(for: .dailyQuoteIndex) == 0)

        let sameDay = try await timeline(reopened, at: morning + 3600 * 10)
        #expect(sameDay.entries[0].index == 0)

        let nextDay = try await timeline(reopened, at: first.entries[1].date)
        #expect(nextDay.entries[0].index == 1)
        #expect(reopened.value(for: .dailyQuoteDate) == LocalDate(year: 2026, month: 5, day: 15))
        #expect(reopened.value(for: .dailyQuoteIndex) == 1)
    }

    @Test("midnight is found in the hub's zone across the spring DST change")
    func daylightSaving() async throws {
        let defaults = try TestData.defaults()
        let saturday = Date(timeIntervalSince1970: 1_774_699_200)  // 2026-03-28 12:00 UTC, 13:00 CET
        let first = try await timeline(defaults, at: saturday)
        #expect(first.entries[1].date == Date(timeIntervalSince1970: 1_774_738_800))  // 29 Mar 00:00 CET = 23:00 UTC
        let sunday = try await timeline(defaults, at: first.entries[1].date)
        #expect(sunday.entries[1].date == Date(timeIntervalSince1970: 1_774_821_600))  // 30 Mar 00:00 CEST = 22:00 UTC
        #expect(sunday.entries[0].index == 1)
    }

    @Test("the index wraps around the list, and a corrupt stored index still gives a quote")
    func wraps() async throws {
        let defaults = try TestData.defaults()
        try defaults.update { values in
            values[.dailyQuoteDate] = LocalDate(year: 2026, month: 5, day: 13)
            values[.dailyQuoteIndex] = Quote.builtIn.count - 1
        }
        let now = Date(timeIntervalSince1970: 1_778_738_400)
        #expect(try await timeline(defaults, at: now).entries[0].index == 0)
        try defaults.set(-7, for: .dailyQuoteIndex)
        let entry = try await timeline(defaults, at: now + 60).entries[0]
        #expect(entry.index.map { Quote.builtIn.indices.contains($0) } == true)
    }

    @Test("the built-in list has at least 30 quotes, each with an author")
    func builtIn() {
        #expect(Quote.builtIn.count >= 30)
        #expect(Quote.builtIn.allSatisfy { !$0.text.isEmpty && !$0.author.isEmpty })
        #expect(Set(Quote.builtIn).count == Quote.builtIn.count)
    }
}
