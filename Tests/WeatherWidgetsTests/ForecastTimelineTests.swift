import Foundation
import InkWidgets
import SharedDefaultsKit
import Testing
import WeatherInfoKit
@testable import WeatherWidgets

@Suite("Forecast widget: the selected day from the shared key")
struct ForecastTimelineTests {
    private func timeline(day: Int?) async throws -> Timeline<ForecastEntry> {
        let defaults = try TestData.defaults()
        if let day { try defaults.set(day, for: .selectedForecastDay) }
        let data = try TestData.context(defaults: defaults)
        return await ForecastTimelineProvider(data: data).timeline(in: TestData.providerContext(.medium, 296, 128))
    }

    @Test("today without a key, the key's day otherwise, and an entry at the location's midnight")
    func selectedDay() async throws {
        let today = try await timeline(day: nil)
        #expect(today.entries[0].daysFromNow == 0)
        #expect(today.entries[0].model.title == "Today")
        // Lyon is at UTC+1 in the demo: 14 May 13:05, so midnight is 14 May 23:00 UTC.
        #expect(today.entries[1].date == Date(timeIntervalSince1970: 1_778_799_600))

        let twoDays = try await timeline(day: 2)
        #expect(twoDays.entries[0].model.title == "Saturday 16 May")
        #expect(twoDays.entries[0].model.message == nil)
        let demo = TestData.demoReport()
        let saturday = try #require(demo.forecast?.value.days.first { $0.date == LocalDate(year: 2026, month: 5, day: 16) })
        #expect(twoDays.entries[0].model.high == "\(PanelFormatter.rounded(saturday.high))°")
        #expect(!twoDays.entries[0].model.hours.isEmpty)
        #expect(twoDays.entries[0].model.hours.count == 8)
    }

    @Test("a day beyond the forecast says so instead of inventing one")
    func beyondForecast() async throws {
        let far = try await timeline(day: 9)
        #expect(far.entries[0].model.message == "The forecast does not reach Saturday 23 May yet")
    }

    @Test("late in the evening, once the forecast holds nothing more of today, today's page shows tomorrow")
    func todayIsOver() throws {
        var report = TestData.demoReport()
        let today = LocalDate(year: 2026, month: 5, day: 14)
        report.forecast?.value.days.removeAll { $0.date == today }
        report.forecast?.value.slots.removeAll { LocalDate(containing: $0.time, utcOffsetSeconds: 3600) == today }
        let evening = Date(timeIntervalSince1970: 1_778_794_200)  // 14 May 21:30 in Lyon (UTC+1)
        let model = ForecastDayModel(report: report, daysFromNow: 0, display: DisplaySettings(timeZone: TestData.timeZone), at: evening)
        #expect(model.message == nil)
        #expect(model.title == "Tomorrow")
        let friday = try #require(report.forecast?.value.days.first)
        #expect(friday.date == LocalDate(year: 2026, month: 5, day: 15))
        #expect(model.high == "\(PanelFormatter.rounded(friday.high))°")
    }
}
