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

    private func entry(
        _ family: WidgetFamily = .large, display: DisplaySettings = DisplaySettings(timeZone: TestData.timeZone),
        sensors named: [String] = []
    ) async throws -> HistoryEntry {
        let store = try await TestSensors.withHistory(now: TestData.now)
        let data = try TestData.context(display: display, sensors: store)
        var context = TestData.providerContext(family, 400, 300)
        if !named.isEmpty { context.parameters.values[HistoryTimelineProvider.sensorsParameter] = .names(named) }
        return await HistoryTimelineProvider(data: data).snapshot(in: context)
    }

    @Test("the layout's sensors, by name or identity in its order; a name never heard is left out")
    func namedSensors() async throws {
        #expect(try await entry(sensors: ["Living room"]).model.sensors.map(\.row.name) == ["Living room"])
        #expect(try await entry(sensors: ["living", "Garden", "Shed"]).model.sensors.map(\.row.name) == ["Living room", "Garden"])
        let unheard = try await entry(sensors: ["Shed"]).model
        #expect(unheard.sensors.isEmpty && unheard.message == PanelLanguage.english.locale.noSensorReadings)
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

    @Test("the drawn frame: ink where the garden reported, none across its silent hours, today's figures as text")
    func drawnFrame() async throws {
        let store = try await TestSensors.withHistory(now: TestData.now)
        let renderer = Renderer(fonts: TestData.fonts)
        renderer.recordsPlacements = true
        let frame = try await WidgetPreview.render(
            kind: "history", family: .large, size: PixelSize(width: 400, height: 300), data: try TestData.context(sensors: store),
            fonts: TestData.fonts, renderer: renderer)
        let chart = try #require(ChartProbe(in: frame), "the garden's chart")
        let end = HistoryChart.end(at: TestData.now)
        func inked(hoursAgo: Double) -> Bool {
            chart.isInked(at: 1 - (end.timeIntervalSince(TestData.now) + hoursAgo * 3600) / HistoryChart.span)
        }
        #expect(!inked(hoursAgo: 7) && !inked(hoursAgo: 6.5) && !inked(hoursAgo: 6), "nothing across 8 to 5 hours ago")
        #expect(inked(hoursAgo: 22) && inked(hoursAgo: 12) && inked(hoursAgo: 3) && inked(hoursAgo: 0.5))
        let texts = renderer.placedElements.compactMap { element -> String? in
            if case .text(let text) = element.content { text } else { nil }
        }
        #expect(texts.contains("↑18° 13:05  ↓8° 04:05 (incomplete)"), "\(texts)")
        #expect(texts.contains("Rain today 4.4 mm · 7 days 11 mm (incomplete)") && texts.contains("Gusts 10 m/s · 00:25"), "\(texts)")
    }

    @Test("on the 23-hour day of Berlin's spring change, today's high and low at their summer-time clock times")
    func springForward() async throws {
        let berlin = try TimeZoneRules(posixRule: "CET-1CEST,M3.5.0,M10.5.0/3")
        // 22:00 CEST on 29 March 2026; readings every 10 minutes since 20:00 CET the evening before.
        let now = Date(timeIntervalSince1970: 1_774_814_400)
        let store = try TestSensors.store(now: now)
        for step in stride(from: 25 * 6, through: 0, by: -1) {
            let age = TimeInterval(step) * 600
            let time = now - age
            // 30° at 01:30 UTC (03:30 CEST, just after the jump), -5° at 19:00 UTC (21:00 CEST), else 8°.
            let temperature = time == Date(timeIntervalSince1970: 1_774_747_800) ? 30 : time == Date(timeIntervalSince1970: 1_774_810_800) ? -5 : 8
            await TestSensors.send(#"{"sensor":"garden","temperature":\#(temperature)}"#, sensor: "garden", age: age, to: store, now: now)
        }
        let data = try TestData.context(display: DisplaySettings(timeZone: berlin), sensors: store, now: { now })
        let provider = HistoryTimelineProvider(data: data)
        let garden = try #require(await provider.snapshot(in: TestData.providerContext(.large, 400, 300)).model.sensors.first)
        #expect(garden.todayHighLow == "↑30° 03:30  ↓-5° 21:00", "\(garden.todayHighLow ?? "")")
        #expect(garden.week?.days.suffix(2).map(\.label) == ["Sat", "Today"])
        let timeline = await provider.timeline(in: TestData.providerContext(.large, 400, 300))
        #expect(timeline.entries.contains { $0.date == Date(timeIntervalSince1970: 1_774_821_600) }, "an entry at the local midnight, 22:00 UTC")
    }

    @Test("a sensor silent for two hours: its row shows its age and the stale mark, its line ends when it fell silent")
    func staleSensor() async throws {
        let store = try TestSensors.store(now: TestData.now)
        for step in stride(from: 60, through: 12, by: -1) {
            await TestSensors.send(#"{"sensor":"cellar","temperature":\#(12 + Double(step % 5) / 10)}"#, sensor: "cellar", age: TimeInterval(step) * 600, to: store, now: TestData.now)
        }
        let data = try TestData.context(sensors: store)
        var context = TestData.providerContext(.large, 400, 300)
        context.parameters.values[HistoryTimelineProvider.sensorsParameter] = .names(["Cellar"])
        let cellar = try #require(await HistoryTimelineProvider(data: data).snapshot(in: context).model.sensors.first)
        #expect(cellar.row.isStale && cellar.row.age == "2 h old", "age: \(cellar.row.age)")
        #expect(cellar.temperatures.suffix(4).allSatisfy { $0 == nil }, "nothing drawn after it fell silent")
        #expect(cellar.temperatures.dropLast(5).suffix(10).allSatisfy { $0 != nil })
        #expect(cellar.todayHighLow?.hasSuffix("(incomplete)") == true, "\(cellar.todayHighLow ?? "")")
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

    @Test("every family and size in German on black, white and red", arguments: [WidgetFamily.small, .medium, .large, .extraLarge].flatMap { family in
        [(800, 480), (400, 300), (296, 128)].map { GoldenCase(kind: "history", family: family, width: $0.0, height: $0.1) }
    })
    func german(_ golden: GoldenCase) async throws {
        let store = try await TestSensors.withHistory(now: TestData.now)
        let display = DisplaySettings(language: .german, timeZone: TestData.timeZone)
        let frame = try await WidgetPreview.render(
            kind: "history", family: golden.family, size: PixelSize(width: golden.width, height: golden.height), capability: .blackWhiteRed,
            data: try TestData.context(display: display, sensors: store), fonts: TestData.fonts)
        goldens.expectMatch(frame, named: "\(golden.name)-de-blackWhiteRed")
    }

    @Test("the weather widget's extra large chart: the garden's last 24 hours, now, then the forecast")
    func stationHistoryBesideTheForecast() async throws {
        let store = try await TestSensors.withHistory(now: TestData.now)
        let data = try TestData.context(sensors: store)
        var context = TestData.providerContext(.extraLarge, 800, 480)
        context.parameters.values[WeatherPanelModel.stationHistoryParameter] = .flag(true)
        let model = await WeatherTimelineProvider(data: data).snapshot(in: context).model
        let past = try #require(model.pastChart)
        #expect(past.count == HistoryChart.slotCount && past.last! != nil)
        #expect(past.contains(nil), "the garden's three silent hours stay a gap")
        #expect(model.chartTitle == "Last 24 h · Next 24 h" && model.nowLabel == "now")
        let range = try #require(model.chartRange)
        #expect(past.compactMap { $0 }.allSatisfy { range.contains($0) } && model.chart.compactMap { $0 }.allSatisfy { range.contains($0) })

        context.family = .large
        #expect(await WeatherTimelineProvider(data: data).snapshot(in: context).model.pastChart == nil, "extra large only")
    }

    @Test("the weather widget with the station's history, in English and in German on three colours", arguments: [false, true])
    func stationHistoryGolden(german: Bool) async throws {
        let store = try await TestSensors.withHistory(now: TestData.now)
        let display = DisplaySettings(language: german ? .german : .english, timeZone: TestData.timeZone)
        let frame = try await WidgetPreview.render(
            kind: "weather", family: .extraLarge, size: PixelSize(width: 800, height: 480), capability: german ? .blackWhiteRed : .monochrome,
            parameters: WidgetParameters([WeatherPanelModel.stationHistoryParameter: .flag(true)]),
            data: try TestData.context(display: display, sensors: store), fonts: TestData.fonts)
        goldens.expectMatch(frame, named: "history/weather-extraLarge-800x480-station" + (german ? "-de-blackWhiteRed" : ""))
    }
}
