import Foundation
import HubSystem
import InkUI
import InkWidgets
import Sensors
import SharedDefaultsKit
import WeatherInfoKit
@testable import WeatherWidgets

/// Fixed clocks, reports and contexts for the widget tests.
enum TestData {
    /// Thursday 14 May 2026, 12:05 UTC (13:05 in the demo's Lyon at UTC+1).
    static let now = Date(timeIntervalSince1970: 1_778_760_300)
    /// The hub's zone in these tests: the demo's, so the weather and the sensors show one clock.
    static let timeZone = DemoWeatherSource.defaultTimeZone

    /// The demo's report at `now`, its conditions described in `language`.
    static func demoReport(units: Units = .metric, language: PanelLanguage = .english, at date: Date = now) -> WeatherReport {
        DemoWeatherSource(units: units, language: language.providerCode, now: { date }).report(at: date)
    }

    /// The demo's data, three hours old, with the last fetch failed because the hub is offline.
    static func staleReport() -> WeatherReport {
        var report = demoReport(at: now - 3 * 3600 - 600)
        report.fault = .hostNotFound(host: "api.openweathermap.org")
        report.nextRefreshDate = now + 300
        return report
    }

    /// The demo's data with two thunderstorm warnings, the first in force until 22:00 local, and snow
    /// in the next hours.
    static func alertReport(language: PanelLanguage = .english) -> WeatherReport {
        var report = demoReport(language: language)
        let start = now - 3600, end = now + 8 * 3600 + 55 * 60
        report.forecast?.value.alerts = [
            WeatherAlert(event: "Orange thunderstorm warning", sender: "Météo-France", start: start, end: end, description: "Severe storms."),
            WeatherAlert(event: "Yellow wind warning", sender: "Météo-France", start: end, end: end + 3600 * 6, description: "Gusts."),
        ]
        for index in 0..<3 {
            report.forecast?.value.slots[index].snowAmount = 2.5
            report.forecast?.value.slots[index].precipitationChance = 0.9
        }
        return report
    }

    /// No data at all: the key was never set.
    static func emptyReport() -> WeatherReport {
        WeatherReport(location: DemoWeatherSource.city, current: nil, forecast: nil, fault: .keyMissing, nextRefreshDate: now + 600)
    }

    /// A fresh shared defaults file in its own temporary directory.
    static func defaults() throws -> SharedDefaults {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("widgets-\(UUID().uuidString)").path
        return try SharedDefaults(suiteName: "group.weatherhub.test", containerDirectory: directory)
    }

    /// A context with `source`, no sensors, the demo city and the fixed clock.
    static func context(
        _ source: any WeatherSource = DemoWeatherSource(now: { now }), defaults: SharedDefaults? = nil,
        display: DisplaySettings = DisplaySettings(timeZone: timeZone),
        sensors: SensorStore? = nil, now clock: @escaping @Sendable () -> Date = { now }
    ) throws -> WidgetDataContext {
        WidgetDataContext(
            weather: source, sensors: sensors, defaults: try defaults ?? TestData.defaults(), defaultLocation: DemoWeatherSource.city,
            display: display, now: clock)
    }

    /// A provider context for a region.
    static func providerContext(_ family: WidgetFamily, _ width: Int, _ height: Int, preview: Bool = false) -> TimelineProviderContext {
        TimelineProviderContext(
            family: family, displaySize: PixelSize(width: width, height: height), isPreview: preview, colorCapability: .monochrome)
    }

    /// The font library all tests share.
    static let fonts: FontLibrary = {
        do {
            return try FontLibrary()
        } catch {
            fatalError("\(error)")
        }
    }()
}
