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
        + GoldenCase.all("history", WidgetFamily.allCases, portrait: true)
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

    private func audit(
        _ golden: GoldenCase, report: WeatherReport,
        sensors: () async throws -> SensorStore? = { try await TestSensors.populated(now: TestData.now) }
    ) async throws {
        for language in PanelLanguage.allCases {
            let renderer = Renderer(fonts: TestData.fonts)
            renderer.recordsPlacements = true
            let store = try await sensors()
            let display = DisplaySettings(language: language, timeZone: TestData.timeZone)
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

    @Test("a weather station's last 30 hours, with a gap and a reset rain gauge", arguments: cases.filter { $0.kind == "history" })
    func history(_ golden: GoldenCase) async throws {
        try await audit(golden, report: TestData.demoReport(), sensors: { try await TestSensors.withHistory(now: TestData.now) })
    }

    @Test("an alert in force, snow and a stale report with its reason", arguments: cases.filter { $0.kind != "quote" })
    func alertAndStale(_ golden: GoldenCase) async throws {
        try await audit(golden, report: TestData.alertReport())
        try await audit(golden, report: TestData.staleReport(), sensors: { nil })
    }

    /// The reports a glance must answer from, with the conditions in `language` as its provider writes
    /// them: the demo's (rain coming), a dry day, rain now, an alert in force with snow coming, and a city
    /// whose clock is not the hub's (its time carries its zone).
    static func answerReports(in language: PanelLanguage) -> [(name: String, report: WeatherReport)] {
        let demo = TestData.demoReport(language: language)
        var dry = demo
        dry.current?.value.conditions = demo.forecast?.value.slots.map(\.conditions).first { $0.first?.group == .clouds } ?? []
        dry.current?.value.rainLastHour = nil
        dry.current?.value.snowLastHour = nil
        for index in dry.forecast?.value.slots.indices ?? 0..<0 {
            dry.forecast?.value.slots[index].precipitationChance = 0
            dry.forecast?.value.slots[index].rainAmount = nil
            dry.forecast?.value.slots[index].snowAmount = nil
        }
        var rainNow = demo
        rainNow.current?.value.rainLastHour = 1.2
        let otherZone = DemoWeatherSource(language: language.providerCode, timeZone: TimeZoneRules(secondsFromUTC: 20_700))
            .report(at: TestData.now)
        return [
            ("demo", demo), ("dry", dry), ("rain now", rainNow), ("alert", TestData.alertReport(language: language)),
            ("a city in another zone", otherZone),
        ]
    }

    /// The texts of the lines a glance is read for that `golden` drew cut short: the time, the temperature, the
    /// condition (the provider's words, or one word where they do not fit), whether and when it rains,
    /// and until when an alert holds. (The alert's headline is the provider's, free text the legibility
    /// audit lets end in an ellipsis.)
    private func cutAnswers(_ golden: GoldenCase, report: WeatherReport, language: PanelLanguage) async throws -> [String] {
        let renderer = Renderer(fonts: TestData.fonts)
        renderer.recordsPlacements = true
        let display = DisplaySettings(language: language, timeZone: TestData.timeZone)
        let data = try TestData.context(FixedWeatherSource(report: report), display: display)
        let size = PixelSize(width: golden.width, height: golden.height)
        _ = try await WidgetPreview.render(kind: "weather", family: golden.family, size: size, data: data, fonts: TestData.fonts, renderer: renderer)
        let model = await WeatherTimelineProvider(data: data).snapshot(in: TestData.providerContext(golden.family, golden.width, golden.height)).model
        let rain = model.detail(.precipitation)?.pieces.flatMap { [$0.text, $0.compactText].compactMap { $0 } } ?? []
        let current = model.current
        let answers = Set(
            [model.timeText, current?.temperature, current?.compactCondition ?? current?.condition, model.alert?.validity].compactMap { $0 } + rain)
        return renderer.placedElements.compactMap { element in
            guard element.isTruncated, case .text(let text) = element.content, answers.contains(text) else { return nil }
            return text
        }
    }

    @Test("the lines that carry the answer are never cut, in any language", arguments: cases.filter { $0.kind == "weather" })
    func answerLines(_ golden: GoldenCase) async throws {
        for language in PanelLanguage.allCases {
            for (name, report) in Self.answerReports(in: language) {
                let cut = try await cutAnswers(golden, report: report, language: language)
                #expect(cut.isEmpty, "\(golden.name) in \(language.rawValue), \(name): cut \(cut)")
            }
        }
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
