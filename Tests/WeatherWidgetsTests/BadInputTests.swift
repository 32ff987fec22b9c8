import Foundation
import InkUI
import InkWidgets
import Testing
import WeatherInfoKit
@testable import WeatherWidgets

@Suite("Bad input: NaN and absurd values, empty and long names, unknown codes")
struct BadInputTests {
    /// The demo report with its current conditions and first slots changed.
    private func report(_ change: (inout WeatherReport) -> Void) -> WeatherReport {
        var report = TestData.demoReport()
        change(&report)
        return report
    }

    private func entry(_ report: WeatherReport, family: WidgetFamily = .large, width: Int = 400, height: Int = 300) async throws -> WeatherEntry {
        let data = try TestData.context(FixedWeatherSource(report: report))
        let timeline = await WeatherTimelineProvider(data: data).timeline(in: TestData.providerContext(family, width, height))
        return try #require(timeline.entries.first)
    }

    private func render(_ report: WeatherReport, family: WidgetFamily, width: Int, height: Int) async throws -> Frame {
        let data = try TestData.context(FixedWeatherSource(report: report))
        return try await WidgetPreview.render(
            kind: "weather", family: family, size: PixelSize(width: width, height: height), data: data, fonts: TestData.fonts)
    }

    @Test("NaN and absurd values show a dash, never a number, and leave gaps in the chart")
    func absurdValues() async throws {
        let bad = report { report in
            report.current?.value.temperature = .nan
            report.current?.value.feelsLike = 9_999
            report.current?.value.humidity = 250
            report.current?.value.pressure = -4
            report.current?.value.wind = Wind(speed: .infinity, direction: 90)
            report.forecast?.value.slots[0].temperature = .nan
            report.forecast?.value.slots[1].temperature = 1e9
        }
        let entry = try await entry(bad)
        let current = try #require(entry.model.current)
        #expect(current.temperature == "–°")
        #expect(current.feelsLike == "Feels –°")
        #expect(entry.model.detail(.humidity)?.pieces.first?.text == "–%")
        #expect(entry.model.detail(.pressure)?.pieces.first?.text.hasPrefix("– hPa") == true)
        #expect(entry.model.detail(.wind)?.pieces.first?.text == "– m/s")
        #expect(entry.model.chart[1] == nil && entry.model.chart[2] == nil)
        #expect(entry.model.hours[0].temperature == "–°")
        for family in WidgetFamily.allCases {
            let frame = try await render(bad, family: family, width: 400, height: 300)
            #expect(frame.size == PixelSize(width: 400, height: 300))
        }
    }

    @Test("an empty city name is named as such; a very long one is cut with an ellipsis")
    func names() async throws {
        let unnamed = try await entry(report { $0.location.name = "   " })
        #expect(unnamed.model.city == "Unnamed place")
        let long = String(repeating: "Llanfairpwllgwyngyll ", count: 6)
        let longReport = report { $0.location.name = long }
        #expect(try await entry(longReport).model.city == long)
        let frame = try await render(longReport, family: .small, width: 250, height: 122)
        #expect(frame.size == PixelSize(width: 250, height: 122))
    }

    @Test("unknown condition codes show a warning sign and the code, not a made-up sky")
    func unknownCodes() async throws {
        #expect(ConditionSymbol.symbol(for: 999, isDaytime: true) == .warning)
        #expect(ConditionSymbol.symbol(for: -1, isDaytime: false) == .warning)
        let unknown = WeatherCondition(id: 999, main: "", description: "", iconCode: "", isDaytime: true)
        #expect(ConditionSymbol.text(for: unknown, locale: .english) == "Unknown weather (code 999)")
        let entry = try await entry(report { $0.current?.value.conditions = [unknown] })
        #expect(entry.model.current?.symbol == .warning)
        #expect(ConditionSymbol.text(for: nil, locale: .english) == "No conditions reported")
    }

    @Test("every OpenWeatherMap group maps to its own symbol, day and night")
    func knownCodes() {
        #expect(ConditionSymbol.symbol(for: 800, isDaytime: true) == .sun)
        #expect(ConditionSymbol.symbol(for: 800, isDaytime: false) == .moon)
        #expect(ConditionSymbol.symbol(for: 801, isDaytime: false) == .cloudMoon)
        #expect(ConditionSymbol.symbol(for: 804, isDaytime: true) == .cloudOvercast)
        #expect(ConditionSymbol.symbol(for: 211, isDaytime: true) == .cloudBolt)
        #expect(ConditionSymbol.symbol(for: 201, isDaytime: true) == .cloudBoltRain)
        #expect(ConditionSymbol.symbol(for: 311, isDaytime: true) == .cloudDrizzle)
        #expect(ConditionSymbol.symbol(for: 502, isDaytime: true) == .cloudHeavyRain)
        #expect(ConditionSymbol.symbol(for: 511, isDaytime: true) == .cloudFreezingRain)
        #expect(ConditionSymbol.symbol(for: 521, isDaytime: false) == .cloudMoonRain)
        #expect(ConditionSymbol.symbol(for: 601, isDaytime: true) == .cloudSnow)
        #expect(ConditionSymbol.symbol(for: 612, isDaytime: true) == .cloudSleet)
        #expect(ConditionSymbol.symbol(for: 741, isDaytime: true) == .fog)
        #expect(ConditionSymbol.symbol(for: 721, isDaytime: false) == .moonHaze)
        #expect(ConditionSymbol.symbol(for: 761, isDaytime: true) == .dust)
        #expect(ConditionSymbol.symbol(for: 781, isDaytime: true) == .tornado)
    }

    @Test("previews refuse unknown kinds, unsupported families and empty sizes with a clear error")
    func previewErrors() async throws {
        let data = try TestData.context()
        await #expect(throws: WidgetPreviewError(.unknownKind("radar", known: ["weather", "sensors", "forecast", "quote", "history"]))) {
            try await WidgetPreview.render(kind: "radar", family: .small, size: PixelSize(width: 10, height: 10), data: data, fonts: TestData.fonts)
        }
        await #expect(throws: WidgetPreviewError(.unsupportedFamily(kind: "quote", family: .extraLarge, supported: [.small, .medium, .large]))) {
            try await WidgetPreview.render(kind: "quote", family: .extraLarge, size: PixelSize(width: 10, height: 10), data: data, fonts: TestData.fonts)
        }
        await #expect(throws: WidgetPreviewError(.emptySize(PixelSize(width: 0, height: 10)))) {
            try await WidgetPreview.render(kind: "weather", family: .small, size: PixelSize(width: 0, height: 10), data: data, fonts: TestData.fonts)
        }
    }

    @Test("tiny regions still draw without crashing")
    func tinyRegions() async throws {
        let data = try TestData.context()
        for kind in WeatherHubWidgets.catalog.map(\.kind) {
            let frame = try await WidgetPreview.render(
                kind: kind, family: .small, size: PixelSize(width: 40, height: 20), data: data, fonts: TestData.fonts)
            #expect(frame.size == PixelSize(width: 40, height: 20))
        }
    }
}
