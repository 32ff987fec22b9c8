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
    /// The same, short enough for narrow regions: "Auj.", "Thu 16 May".
    var shortTitle: String
    var symbol: Symbol
    var condition: String
    /// The condition in one word ("Cloudy"), where `condition` does not fit.
    var compactCondition: String?
    var high: String
    var low: String
    /// "Rain 40% · 2.4 mm".
    var precipitation: String
    /// "70% · 3.6 mm": the same figures without the word, for narrow regions.
    var precipitationFigures: String
    /// The day's precipitation is mostly snow.
    var isSnow: Bool
    var hours: [WeatherPanelModel.Hour]
    var status: StatusLine
    /// Set when the day cannot be shown.
    var message: String?

    /// The day `daysFromNow` after the location's today, at `now`. Late in the evening, once the forecast
    /// holds nothing more of today (its 3-hour slots have passed), today's page shows the next day.
    init(report: WeatherReport, daysFromNow requested: Int, display: DisplaySettings, at now: Date) {
        let format = PanelFormatter(display: display)
        let locale = format.locale
        let offset = WeatherPanelModel.utcOffset(of: report, display: display, at: now)
        let today = LocalDate(containing: now, utcOffsetSeconds: offset)
        let todayIsOver = requested <= 0 && report.forecast?.value.days.first.map { today < $0.date } == true
        let daysFromNow = todayIsOver ? 1 : max(0, requested)
        let wanted = today.adding(days: daysFromNow)
        city = WeatherPanelModel.cityName(report.location, locale: locale)
        title = switch daysFromNow {
        case ...0: locale.today
        case 1: locale.tomorrow
        default: locale.title(format.longDate(wanted))
        }
        shortTitle = switch daysFromNow {
        case ...0: locale.todayColumn
        case 1: locale.tomorrow
        default: locale.title(format.shortDate(wanted))
        }
        status = WeatherPanelModel.status(of: report, offset: offset, format: format, at: now)
        let day = report.forecast?.value.days.first { $0.date == wanted }
        guard let forecast = report.forecast, let day else {
            symbol = .warning
            condition = ""
            compactCondition = nil
            high = ""
            low = ""
            precipitation = ""
            precipitationFigures = ""
            isSnow = false
            hours = []
            message = report.forecast == nil
                ? locale.fill(locale.noForecastYet, report.fault.map(locale.faultLine) ?? locale.waitingForFirstReport)
                : locale.fill(locale.forecastDoesNotReach, format.longDate(wanted))
            return
        }
        let reportUnits = forecast.units
        symbol = ConditionSymbol.symbol(for: day.condition)
        condition = ConditionSymbol.text(for: day.condition, locale: locale)
        compactCondition = ConditionSymbol.word(for: day.condition, locale: locale)
        high = format.temperature(celsius: PhysicalValue.celsius(day.high, from: reportUnits))
        low = format.temperature(celsius: PhysicalValue.celsius(day.low, from: reportUnits))
        let amount = day.precipitationAmount > 0 ? " · \(format.amount(millimetres: day.precipitationAmount))" : ""
        precipitationFigures = "\(format.chance(day.precipitationChance))\(amount)"
        precipitation = "\(day.isMostlySnow ? locale.snow : locale.rain) \(precipitationFigures)"
        isSnow = day.isMostlySnow
        hours = forecast.value.slots
            .filter { $0.time >= now && LocalDate(containing: $0.time, utcOffsetSeconds: offset) == wanted }
            .map { slot in
                WeatherPanelModel.Hour(
                    time: format.hour(slot.time, utcOffsetSeconds: offset),
                    symbol: ConditionSymbol.symbol(for: slot.condition),
                    temperature: format.temperature(celsius: PhysicalValue.celsius(slot.temperature, from: reportUnits)),
                    chance: slot.precipitationChance >= 0.1 ? format.chance(slot.precipitationChance) : nil,
                    isSnow: slot.isMostlySnow)
            }
        message = nil
    }

    /// Shapes of typical content, drawn redacted while nothing is known.
    static let placeholder = ForecastDayModel(
        city: "Weather city", title: "Tomorrow", shortTitle: "Tomorrow", symbol: .cloudSun, condition: "Conditions", high: "20°", low: "10°",
        precipitation: "Rain 10%", precipitationFigures: "10%", isSnow: false,
        hours: (0..<8).map { _ in WeatherPanelModel.Hour(time: "00:00", symbol: .cloud, temperature: "20°", chance: nil, isSnow: false) },
        status: StatusLine(text: "Updated 00:00", isWarning: false), message: nil)

    private init(
        city: String, title: String, shortTitle: String, symbol: Symbol, condition: String, high: String, low: String, precipitation: String,
        precipitationFigures: String, isSnow: Bool, hours: [WeatherPanelModel.Hour], status: StatusLine, message: String?
    ) {
        self.city = city
        self.title = title
        self.shortTitle = shortTitle
        self.symbol = symbol
        self.condition = condition
        compactCondition = nil
        self.high = high
        self.low = low
        self.precipitation = precipitation
        self.precipitationFigures = precipitationFigures
        self.isSnow = isSnow
        self.hours = hours
        self.status = status
        self.message = message
    }
}
