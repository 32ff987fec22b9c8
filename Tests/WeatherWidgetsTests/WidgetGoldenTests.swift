import Foundation
import HubSystem
import HubTestSupport
import InkUI
import InkWidgets
import SharedDefaultsKit
import Testing
import WeatherInfoKit
@testable import WeatherWidgets

/// One widget, family and panel size to draw.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    let kind: String
    let family: WidgetFamily
    let width: Int
    let height: Int

    var name: String { "\(kind)/\(family)-\(width)x\(height)" }
    var testDescription: String { name }

    static let landscape = [(250, 122), (296, 128), (264, 176), (400, 300), (800, 480)]
    static let portrait = [(128, 296), (480, 800)]

    static func all(_ kind: String, _ families: [WidgetFamily], portrait: Bool) -> [GoldenCase] {
        families.flatMap { family in
            (landscape + (portrait ? Self.portrait : [])).map { GoldenCase(kind: kind, family: family, width: $0.0, height: $0.1) }
        }
    }
}

@Suite("Golden images of every widget, family and panel size")
struct WidgetGoldenTests {
    let goldens = GoldenImage.forTestFile()

    private func render(_ golden: GoldenCase, data: WidgetDataContext, content: WidgetPreview.Content = .snapshot) async throws -> Frame {
        try await WidgetPreview.render(
            kind: golden.kind, family: golden.family, size: PixelSize(width: golden.width, height: golden.height),
            content: content, data: data, fonts: TestData.fonts)
    }

    @Test("the weather widget in every family and size", arguments: GoldenCase.all("weather", WidgetFamily.allCases, portrait: true))
    func weather(_ golden: GoldenCase) async throws {
        let store = try await TestSensors.populated(now: TestData.now)
        let frame = try await render(golden, data: try TestData.context(sensors: store))
        goldens.expectMatch(frame, named: golden.name)
    }

    @Test("the sensors widget in every family and size", arguments: GoldenCase.all("sensors", WidgetFamily.allCases, portrait: false)
        + [GoldenCase(kind: "sensors", family: .medium, width: 128, height: 296)])
    func sensors(_ golden: GoldenCase) async throws {
        let store = try await TestSensors.populated(now: TestData.now)
        let frame = try await render(golden, data: try TestData.context(sensors: store))
        goldens.expectMatch(frame, named: golden.name)
    }

    @Test("the forecast widget, two days ahead, in every family and size", arguments: GoldenCase.all("forecast", [.small, .medium, .large], portrait: false)
        + [GoldenCase(kind: "forecast", family: .medium, width: 128, height: 296)])
    func forecast(_ golden: GoldenCase) async throws {
        let defaults = try TestData.defaults()
        try defaults.set(2, for: .selectedForecastDay)
        let frame = try await render(golden, data: try TestData.context(defaults: defaults))
        goldens.expectMatch(frame, named: golden.name)
    }

    @Test("the daily quote in every family and size", arguments: GoldenCase.all("quote", [.small, .medium, .large], portrait: false)
        + [GoldenCase(kind: "quote", family: .medium, width: 128, height: 296)])
    func quote(_ golden: GoldenCase) async throws {
        let frame = try await render(golden, data: try TestData.context())
        goldens.expectMatch(frame, named: golden.name)
    }

    @Test("placeholders draw redacted shapes", arguments: [
        GoldenCase(kind: "weather", family: .medium, width: 296, height: 128),
        GoldenCase(kind: "weather", family: .extraLarge, width: 800, height: 480),
        GoldenCase(kind: "sensors", family: .small, width: 250, height: 122),
        GoldenCase(kind: "forecast", family: .medium, width: 400, height: 300),
        GoldenCase(kind: "quote", family: .small, width: 296, height: 128),
    ])
    func placeholder(_ golden: GoldenCase) async throws {
        let frame = try await render(golden, data: try TestData.context(), content: .placeholder)
        goldens.expectMatch(frame, named: "placeholder/\(golden.name)")
    }

    @Test("stale data shows its age and the reason", arguments: [
        GoldenCase(kind: "weather", family: .small, width: 296, height: 128),
        GoldenCase(kind: "weather", family: .extraLarge, width: 800, height: 480),
        GoldenCase(kind: "forecast", family: .small, width: 250, height: 122),
    ])
    func stale(_ golden: GoldenCase) async throws {
        let frame = try await render(golden, data: try TestData.context(FixedWeatherSource(report: TestData.staleReport())))
        goldens.expectMatch(frame, named: "stale/\(golden.name)")
    }

    @Test("no data at all shows a clear message", arguments: [
        GoldenCase(kind: "weather", family: .small, width: 250, height: 122),
        GoldenCase(kind: "weather", family: .large, width: 400, height: 300),
        GoldenCase(kind: "forecast", family: .medium, width: 296, height: 128),
        GoldenCase(kind: "sensors", family: .medium, width: 296, height: 128),
    ])
    func noData(_ golden: GoldenCase) async throws {
        let frame = try await render(golden, data: try TestData.context(FixedWeatherSource(report: TestData.emptyReport())))
        goldens.expectMatch(frame, named: "nodata/\(golden.name)")
    }

    @Test("a city whose clock is not the hub's names its zone in the header", arguments: [
        GoldenCase(kind: "weather", family: .large, width: 128, height: 296),
        GoldenCase(kind: "weather", family: .medium, width: 296, height: 128),
        GoldenCase(kind: "weather", family: .extraLarge, width: 800, height: 480),
    ])
    func otherZone(_ golden: GoldenCase) async throws {
        let report = DemoWeatherSource(timeZone: TimeZoneRules(secondsFromUTC: 20_700)).report(at: TestData.now)
        let frame = try await render(golden, data: try TestData.context(FixedWeatherSource(report: report)))
        goldens.expectMatch(frame, named: "zone/\(golden.name)")
    }

    /// A family and size in a language on a panel with some inks, for the glance's goldens.
    struct GlanceCase: Sendable, CustomTestStringConvertible {
        let family: WidgetFamily
        let width: Int
        let height: Int
        let language: PanelLanguage
        let capability: ColorCapability

        var name: String { "glance/\(family)-\(width)x\(height)-\(language.rawValue)-\(capability)" }
        var testDescription: String { name }
    }

    @Test("an alert, snow and the day's figures, in several languages, in colour and in black and white", arguments: [
        GlanceCase(family: .extraLarge, width: 800, height: 480, language: .english, capability: .blackWhiteRed),
        GlanceCase(family: .extraLarge, width: 800, height: 480, language: .german, capability: .monochrome),
        GlanceCase(family: .large, width: 400, height: 300, language: .french, capability: .blackWhiteRed),
        GlanceCase(family: .large, width: 400, height: 300, language: .polish, capability: .monochrome),
        GlanceCase(family: .medium, width: 296, height: 128, language: .spanish, capability: .blackWhiteRed),
        GlanceCase(family: .medium, width: 264, height: 176, language: .italian, capability: .monochrome),
        GlanceCase(family: .small, width: 250, height: 122, language: .dutch, capability: .blackWhiteRed),
        GlanceCase(family: .large, width: 128, height: 296, language: .swedish, capability: .monochrome),
    ])
    func glance(_ glance: GlanceCase) async throws {
        let store = try await TestSensors.populated(now: TestData.now)
        let display = DisplaySettings(language: glance.language, timeZone: TestData.timeZone)
        let data = try TestData.context(FixedWeatherSource(report: TestData.alertReport()), display: display, sensors: store)
        let frame = try await WidgetPreview.render(
            kind: "weather", family: glance.family, size: PixelSize(width: glance.width, height: glance.height),
            capability: glance.capability, data: data, fonts: TestData.fonts)
        goldens.expectMatch(frame, named: glance.name)
    }

    @Test("three-colour and grey panels render the same design")
    func capabilities() async throws {
        let data = try TestData.context()
        for capability in [ColorCapability.blackWhiteRed, .grayscale4] {
            let frame = try await WidgetPreview.render(
                kind: "weather", family: .large, size: PixelSize(width: 400, height: 300), capability: capability, data: data,
                fonts: TestData.fonts)
            #expect(frame.capability == capability)
            goldens.expectMatch(frame, named: "capability/weather-large-400x300-\(capability)")
        }
    }
}
