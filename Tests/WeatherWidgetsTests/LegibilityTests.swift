import Foundation
import HubSystem
import HubTestSupport
import InkUI
import InkWidgets
import Sensors
import Testing
import WeatherInfoKit
@testable import WeatherWidgets

/// The rule of docs/panel-design.md, checked on what the renderer actually drew: in every family, at
/// every supported panel size and in every language, no text or icon leaves its region or collides
/// with another, no text is smaller than the minimum, and only free text (names, descriptions) may be
/// cut short with an ellipsis.
@Suite("Legibility in every family, size and language")
struct LegibilityTests {
    /// Capitals of DejaVu Sans at `PanelScale.minimumTextSize`.
    static let minimumCapHeight = 9

    static let cases: [GoldenCase] =
        GoldenCase.all("weather", WidgetFamily.allCases, portrait: true)
        + GoldenCase.all("forecast", [.small, .medium, .large], portrait: true)
        + GoldenCase.all("sensors", WidgetFamily.allCases, portrait: true)
        + GoldenCase.all("quote", [.small, .medium, .large], portrait: true)
        // The embedded default configuration's layout (config/weatherhub.yaml).
        + [GoldenCase(kind: "weather", family: .large, width: 528, height: 480), GoldenCase(kind: "sensors", family: .small, width: 272, height: 480)]

    /// Names, the provider's descriptions, alert headlines, messages and quotes may be cut: their
    /// length is not ours to choose.
    static func isFreeText(_ text: String, report: WeatherReport) -> Bool {
        let descriptions = [report.current?.value.conditions, report.forecast?.value.slots.flatMap(\.conditions)]
            .compactMap { $0 }.flatMap { $0 }.map(\.description)
        let alerts = report.forecast?.value.alerts.map(\.event) ?? []
        let names = [report.location.name] + TestSensors.profiles.compactMap(\.displayName)
        return (descriptions + alerts + names).contains { !$0.isEmpty && text.lowercased().hasPrefix($0.prefix(4).lowercased()) }
            || text.hasPrefix("“") || text.hasPrefix("—")
    }

    private func audit(_ golden: GoldenCase, report: WeatherReport, sensors: Bool = true) async throws {
        for language in PanelLanguage.allCases {
            let renderer = Renderer(fonts: TestData.fonts)
            renderer.recordsPlacements = true
            let store = sensors ? try await TestSensors.populated(now: TestData.now) : nil
            let display = DisplaySettings(language: language, timeZone: try TimeZoneRules(named: "Europe/Paris"))
            let data = try TestData.context(FixedWeatherSource(report: report), display: display, sensors: store)
            let size = PixelSize(width: golden.width, height: golden.height)
            _ = try await WidgetPreview.render(
                kind: golden.kind, family: golden.family, size: size, data: data, fonts: TestData.fonts, renderer: renderer)
            let problems = PlacementAudit.problems(
                in: renderer.placedElements, region: PixelRect(origin: .zero, size: size),
                minimumCapHeight: Self.minimumCapHeight, isFreeText: { Self.isFreeText($0, report: report) })
            #expect(problems.isEmpty, "\(golden.name) in \(language.rawValue):\n\(problems.joined(separator: "\n"))")
        }
    }

    @Test("the demo's data, with local sensors", arguments: cases)
    func demo(_ golden: GoldenCase) async throws {
        try await audit(golden, report: TestData.demoReport())
    }

    @Test("an alert in force, snow and a stale report with its reason", arguments: cases.filter { $0.kind != "quote" })
    func alertAndStale(_ golden: GoldenCase) async throws {
        try await audit(golden, report: TestData.alertReport())
        try await audit(golden, report: TestData.staleReport(), sensors: false)
    }

    @Test("the minimum text size gives capitals of at least 9 pixels")
    func minimumCapHeight() {
        let renderer = Renderer(fonts: TestData.fonts)
        renderer.recordsPlacements = true
        for weight in [Font.Weight.regular, .bold] {
            _ = renderer.render(
                Text("Hx").font(.system(size: PanelScale.minimumTextSize, weight: weight)), size: PixelSize(width: 60, height: 30),
                capability: .monochrome)
            #expect(renderer.placedElements.first?.capHeight == Self.minimumCapHeight)
        }
    }
}
