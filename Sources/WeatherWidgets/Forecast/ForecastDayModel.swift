#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import InkUI
import WeatherInfoKit

/// The forecast widget's selected day written out, or why it cannot be shown.
struct ForecastDayModel: Sendable, Hashable {
    var city: String
    /// "Today", "Tomorrow" or "Thursday 16 May".
    var title: String
    var symbol: Symbol
    var condition: String
    var high: String
    var low: String
    /// "Rain 40 % · 2.4 mm".
    var precipitation: String
    var hours: [WeatherPanelModel.Hour]
    var status: StatusLine
    /// Set when the day cannot be shown.
    var message: String?

    /// The day `daysFromNow` after the location's today, at `now`.
    init(report: WeatherReport, daysFromNow: Int, display: DisplaySettings, at now: Date) {
        let offset = WeatherPanelModel.utcOffset(of: report, display: display, at: now)
        let units = display.units
        let today = LocalDate(containing: now, utcOffsetSeconds: offset)
        let wanted = today.adding(days: max(0, daysFromNow))
        city = WeatherPanelModel.cityName(report.location)
        title = switch daysFromNow {
        case ...0: "Today"
        case 1: "Tomorrow"
        default: wanted.longText
        }
        status = WeatherPanelModel.status(of: report, offset: offset, display: display, at: now)
        let day = report.forecast?.value.days.first { $0.date == wanted }
        guard let forecast = report.forecast, let day else {
            symbol = .warning
            condition = ""
            high = ""
            low = ""
            precipitation = ""
            hours = []
            message = report.forecast == nil
                ? "No forecast yet — \(report.fault?.panelLine ?? "waiting for the first report")"
                : "The forecast does not reach \(wanted.longText) yet"
            return
        }
        let reportUnits = forecast.units
        symbol = ConditionSymbol.symbol(for: day.condition)
        condition = ConditionSymbol.text(for: day.condition)
        high = ValueText.temperature(celsius: PhysicalValue.celsius(day.high, from: reportUnits), units: units)
        low = ValueText.temperature(celsius: PhysicalValue.celsius(day.low, from: reportUnits), units: units)
        let amount = day.precipitationAmount > 0 ? " · \(ValueText.amount(millimetres: day.precipitationAmount))" : ""
        precipitation = "Rain \(ValueText.chance(day.precipitationChance))\(amount)"
        hours = forecast.value.slots
            .filter { $0.time >= now && LocalDate(containing: $0.time, utcOffsetSeconds: offset) == wanted }
            .map { slot in
                WeatherPanelModel.Hour(
                    time: LocalClockTime(slot.time, utcOffsetSeconds: offset).hourText(display.clock),
                    symbol: ConditionSymbol.symbol(for: slot.condition),
                    temperature: ValueText.temperature(celsius: PhysicalValue.celsius(slot.temperature, from: reportUnits), units: units))
            }
        message = nil
    }

    /// Shapes of typical content, drawn redacted while nothing is known.
    static let placeholder = ForecastDayModel(
        city: "Weather city", title: "Tomorrow", symbol: .cloudSun, condition: "Conditions", high: "20°", low: "10°",
        precipitation: "Rain 10 %", hours: (0..<8).map { _ in WeatherPanelModel.Hour(time: "00:00", symbol: .cloud, temperature: "20°") },
        status: StatusLine(text: "Updated 00:00", isWarning: false), message: nil)

    private init(
        city: String, title: String, symbol: Symbol, condition: String, high: String, low: String, precipitation: String,
        hours: [WeatherPanelModel.Hour], status: StatusLine, message: String?
    ) {
        self.city = city
        self.title = title
        self.symbol = symbol
        self.condition = condition
        self.high = high
        self.low = low
        self.precipitation = precipitation
        self.hours = hours
        self.status = status
        self.message = message
    }
}
