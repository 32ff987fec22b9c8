import Foundation
import HubSystem
import HubTestSupport
import InkUI
import InkWidgets
import Sensors
import Testing
@testable import WeatherWidgets

/// The history widget on a real store fed through the intake: 30 hours of a garden station with a
/// three-hour gap and a reset rain gauge, and a living room.
@Suite("History widget")
struct HistoryWidgetTests {
    let goldens = GoldenImage.forTestFile()

    private func entry(_ family: WidgetFamily = .large, display: DisplaySettings = DisplaySettings(timeZone: TestData.timeZone)) async throws -> HistoryEntry {
        let store = try await TestSensors.withHistory(now: TestData.now)
        let data = try TestData.context(display: display, sensors: store)
        return await HistoryTimelineProvider(data: data).snapshot(in: TestData.providerContext(family, 400, 300))
    }

    @Test("the chart has a gap where the garden sent nothing, and a line where it did")
    func gap() async throws {
        let garden = try #require(try await entry().model.sensors.first)
        #expect(garden.row.name == "Garden")
        let values = garden.temperatures
        #expect(values.count == 48)
        // The last slot ends at the next half hour (12:30 UTC); 8 to 5 hours before 12:05 is slots 32…37.
        let end = HistoryChart.end(at: TestData.now)
        func slot(hoursAgo: Double) -> Int { Int((TimeInterval(48) * 1800 - (end.timeIntervalSince(TestData.now) + hoursAgo * 3600)) / 1800) }
        #expect(values[slot(hoursAgo: 6.5)] == nil)
        #expect(values[slot(hoursAgo: 5.75)] == nil)
        #expect(values[slot(hoursAgo: 2)] != nil)
        #expect(values[slot(hoursAgo: 12)] != nil)
        #expect(values[slot(hoursAgo: 23)] != nil)
    }

    @Test("today's high and low with their times, rain through the gauge's reset, today's strongest gust")
    func todaysFigures() async throws {
        let model = try await entry().model
        let garden = try #require(model.sensors.first)
        // The curve peaks at 15:00 UTC+1 and bottoms at 03:00: today (from 00:00 UTC+1) the lowest so far
        // was at about 03:00, the highest is now.
        let highLow = try #require(garden.todayHighLow)
        #expect(highLow.hasPrefix("↑"), "\(highLow)")
        #expect(highLow.contains("↓8° 0"), "\(highLow)")
        let rain = try #require(model.rain)
        #expect(rain.hasPrefix("Rain today "), "\(rain)")
        #expect(!rain.contains("40"), "the counter's own value is never added: \(rain)")
        #expect(model.gust?.hasPrefix("Gusts 10 m/s · ") == true, "\(model.gust ?? "")")
        #expect(model.sensors.map(\.row.name) == ["Garden", "Living room"])
    }

    @Test("without a store the widget says so; with an empty one it waits for readings")
    func messages() async throws {
        let none = HistoryModel(nil, display: DisplaySettings(), at: TestData.now)
        #expect(none.message == "No sensors configured")
        let empty = HistoryModel([], display: DisplaySettings(), at: TestData.now)
        #expect(empty.message == PanelLanguage.english.locale.noSensorReadings)
    }

    @Test("every family at 800×480, 400×300 and 296×128", arguments: [WidgetFamily.small, .medium, .large, .extraLarge].flatMap { family in
        [(800, 480), (400, 300), (296, 128)].map { GoldenCase(kind: "history", family: family, width: $0.0, height: $0.1) }
    })
    func golden(_ golden: GoldenCase) async throws {
        let store = try await TestSensors.withHistory(now: TestData.now)
        let frame = try await WidgetPreview.render(
            kind: "history", family: golden.family, size: PixelSize(width: golden.width, height: golden.height),
            data: try TestData.context(sensors: store), fonts: TestData.fonts)
        goldens.expectMatch(frame, named: golden.name)
    }

    @Test("in German on black, white and red", arguments: [(WidgetFamily.large, 400, 300), (.medium, 296, 128), (.extraLarge, 800, 480)])
    func german(_ family: WidgetFamily, _ width: Int, _ height: Int) async throws {
        let store = try await TestSensors.withHistory(now: TestData.now)
        let display = DisplaySettings(language: .german, timeZone: TestData.timeZone)
        let frame = try await WidgetPreview.render(
            kind: "history", family: family, size: PixelSize(width: width, height: height), capability: .blackWhiteRed,
            data: try TestData.context(display: display, sensors: store), fonts: TestData.fonts)
        goldens.expectMatch(frame, named: "history/\(family)-\(width)x\(height)-de-blackWhiteRed")
    }
}
