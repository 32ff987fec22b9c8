import Foundation
import HubSystem
import InkWidgets
import SharedDefaultsKit
import Testing
import WeatherInfoKit
@testable import WeatherWidgets

@Suite("Weather timeline: entry dates, policies, local time, units and clock style")
struct WeatherTimelineTests {
    /// A forecast of 3-hourly slots from `start`, at a fixed offset, with a report fetched at `fetchedAt`.
    private func report(fetchedAt: Date, offset: Int, slotsFrom start: Date, temperature: Double = 20, units: Units = .metric) -> WeatherReport {
        let clear = WeatherCondition(id: 800, main: "Clear", description: "clear sky", iconCode: "01d", isDaytime: true)
        let slots = (0..<16).map { index in
            ForecastSlot(
                time: start + Double(index) * 10_800, temperature: temperature + Double(index % 4), feelsLike: nil,
                conditions: [clear], precipitationChance: 0, rainAmount: nil, snowAmount: nil)
        }
        let current = CurrentConditions(
            observedAt: fetchedAt - 60, temperature: temperature, feelsLike: temperature - 1, humidity: 50, pressure: 1015,
            wind: Wind(speed: 3, direction: 225), visibility: nil, cloudiness: 0, conditions: [clear], rainLastHour: nil,
            snowLastHour: nil, sunrise: nil, sunset: nil, utcOffsetSeconds: offset)
        return WeatherReport(
            location: Location(name: "Berlin", countryCode: "DE"),
            current: Fetched(value: current, fetchedAt: fetchedAt, units: units),
            forecast: Fetched(value: Forecast(slots: slots, slotHours: 3, utcOffsetSeconds: offset), fetchedAt: fetchedAt, units: units),
            fault: nil, nextRefreshDate: fetchedAt + 600)
    }

    /// The hub's zone in these tests: the reports' city's.
    private static let berlin = try! TimeZoneRules(named: "Europe/Berlin")

    private func timeline(
        _ report: WeatherReport, now: Date, display: DisplaySettings = DisplaySettings(timeZone: berlin)
    ) async throws -> Timeline<WeatherEntry> {
        let data = try TestData.context(FixedWeatherSource(report: report), display: display, now: { now })
        return await WeatherTimelineProvider(data: data).timeline(in: TestData.providerContext(.medium, 296, 128))
    }

    @Test("entries start now, follow the forecast steps and the local midnight, and reload at the source's refresh date")
    func entriesAcrossMidnight() async throws {
        // 2026-05-14 21:30 UTC = 23:30 in Berlin (UTC+2): local midnight is 22:00 UTC.
        let now = Date(timeIntervalSince1970: 1_778_794_200)
        let report = report(fetchedAt: now - 300, offset: 7200, slotsFrom: Date(timeIntervalSince1970: 1_778_795_200))
        let timeline = try await timeline(report, now: now)
        let dates = timeline.entries.map(\.date)
        #expect(dates.first == now)
        #expect(dates == dates.sorted())
        #expect(Set(dates).count == dates.count)
        let midnight = Date(timeIntervalSince1970: 1_778_796_000)
        #expect(dates.contains(midnight))
        #expect(dates.contains(Date(timeIntervalSince1970: 1_778_795_200)))
        #expect(dates.allSatisfy { $0 <= now + 86_400 })
        #expect(timeline.policy == .after(now + 300))
        let beforeMidnight = try #require(timeline.entries.first)
        let afterMidnight = try #require(timeline.entries.first { $0.date == midnight })
        #expect(beforeMidnight.model.dateText == "Thu 14 May")
        #expect(afterMidnight.model.dateText == "Fri 15 May")
        #expect(beforeMidnight.model.days.first?.name == "Today")
        #expect(afterMidnight.model.timeText == "00:00")
    }

    @Test("local midnight follows the report's offset across a DST change")
    func daylightSaving() async throws {
        // Berlin springs forward on 2026-03-29 at 01:00 UTC. A report fetched the evening before
        // (UTC+1) puts midnight at 23:00 UTC; one fetched after the change (UTC+2) at 22:00 UTC.
        let before = Date(timeIntervalSince1970: 1_774_728_000)  // 2026-03-28 20:00 UTC
        let winter = try await timeline(report(fetchedAt: before, offset: 3600, slotsFrom: before + 3600), now: before)
        #expect(winter.entries.map(\.date).contains(Date(timeIntervalSince1970: 1_774_738_800)))  // 28 Mar 23:00 UTC
        #expect(winter.entries[0].model.timeText == "21:00")

        let after = Date(timeIntervalSince1970: 1_774_800_000)  // 2026-03-29 16:00 UTC
        let summer = try await timeline(report(fetchedAt: after, offset: 7200, slotsFrom: after + 3600), now: after)
        #expect(summer.entries.map(\.date).contains(Date(timeIntervalSince1970: 1_774_821_600)))  // 29 Mar 22:00 UTC
        #expect(summer.entries[0].model.timeText == "18:00")
    }

    @Test("stale data gets entries as its age passes each hour, so the panel shows the age without a reload")
    func staleThresholds() async throws {
        let now = TestData.now
        let report = report(fetchedAt: now - 1800, offset: 0, slotsFrom: now + 7200)
        let timeline = try await timeline(report, now: now)
        let dates = timeline.entries.map(\.date)
        #expect(dates.contains(now + 1800))
        #expect(dates.contains(now + 5400))
        #expect(timeline.entries[0].model.status.isWarning == false)
        let stale = try #require(timeline.entries.first { $0.date == now + 5400 })
        #expect(stale.model.status == StatusLine(text: "2 h old", compactText: "2 h", isWarning: true))
    }

    @Test("display units convert whatever units the source answered in; the .units key wins")
    func units() async throws {
        let now = TestData.now
        let metricReport = report(fetchedAt: now, offset: 0, slotsFrom: now + 3600, temperature: 20)
        let imperial = try await timeline(metricReport, now: now, display: DisplaySettings(units: .imperial))
        #expect(imperial.entries[0].model.current?.temperature == "68°")
        #expect(imperial.entries[0].model.detail(.wind)?.pieces.first?.text == "7 mph SW")

        let fahrenheitReport = report(fetchedAt: now, offset: 0, slotsFrom: now + 3600, temperature: 68, units: .imperial)
        let metric = try await timeline(fahrenheitReport, now: now, display: DisplaySettings(units: .metric))
        #expect(metric.entries[0].model.current?.temperature == "20°")

        let defaults = try TestData.defaults()
        try defaults.set(.imperial, for: .units)
        let data = try TestData.context(FixedWeatherSource(report: metricReport), defaults: defaults, display: DisplaySettings(units: .metric), now: { now })
        let fromKey = await WeatherTimelineProvider(data: data).timeline(in: TestData.providerContext(.small, 296, 128))
        #expect(fromKey.entries[0].model.current?.temperature == "68°")
    }

    @Test("the 12-hour clock writes times with am and pm")
    func twelveHourClock() async throws {
        let now = TestData.now  // 12:05 UTC
        let report = report(fetchedAt: now - 60, offset: 7200, slotsFrom: now + 3300)
        let twelve = try await timeline(report, now: now, display: DisplaySettings(clock: .twelveHour, timeZone: Self.berlin))
        let entry = try #require(twelve.entries.first)
        #expect(entry.model.timeText == "2:05 pm")
        #expect(entry.model.hours.first?.time == "3 pm")
        #expect(entry.model.status.text == "Updated 2:03 pm")
        let twentyFour = try await timeline(report, now: now)
        #expect(twentyFour.entries[0].model.timeText == "14:05")
        #expect(twentyFour.entries[0].model.hours.first?.time == "15:00")
    }

    @Test("a city whose clock is not the hub's names its zone beside the time")
    func otherZone() async throws {
        let now = TestData.now  // 12:05 UTC, 14:05 in Berlin
        let newYork = try await timeline(report(fetchedAt: now - 60, offset: -14_400, slotsFrom: now + 3300), now: now)
        #expect(newYork.entries[0].model.timeText == "08:05 UTC-4")
        let kathmandu = try await timeline(report(fetchedAt: now - 60, offset: 20_700, slotsFrom: now + 3300), now: now)
        #expect(kathmandu.entries[0].model.timeText == "17:50 UTC+5:45")
        let london = try await timeline(report(fetchedAt: now - 60, offset: 0, slotsFrom: now + 3300), now: now)
        #expect(london.entries[0].model.timeText == "12:05 UTC")
        let berlin = try await timeline(report(fetchedAt: now - 60, offset: 7200, slotsFrom: now + 3300), now: now)
        #expect(berlin.entries[0].model.timeText == "14:05")
    }

    @Test("the shared city wins over the configured one")
    func sharedCity() async throws {
        let defaults = try TestData.defaults()
        let data = try TestData.context(defaults: defaults)
        #expect(data.location == DemoWeatherSource.city)
        try defaults.set(Location(name: "Zürich", countryCode: "CH"), for: .city)
        #expect(data.location.name == "Zürich")
        try defaults.set(Location(name: "  "), for: .city)
        #expect(data.location == DemoWeatherSource.city)
    }
}
