#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem
import InkUI
import Sensors
import WeatherInfoKit

extension WeatherPanelModel {
    /// Data older than this is shown with its age and a warning sign.
    static let staleAfter: TimeInterval = 3600

    /// The panel's content for a report at `now`, with the current values from the merge.
    init(report: WeatherReport, merged: MergedWeather, sensors: [SensorSnapshot], display: DisplaySettings, at now: Date) {
        let units = display.units
        let offset = Self.utcOffset(of: report, display: display, at: now)
        let clock = LocalClockTime(now, utcOffsetSeconds: offset)
        city = Self.cityName(report.location)
        dateText = clock.date.shortText
        timeText = clock.timeText(display.clock)
        dateAndTimeText = "\(dateText)  \(timeText)"
        let forecast = report.forecast
        let slots = forecast.map { fetched in fetched.value.nextSlots(after: now, limit: 8) } ?? []
        let reportUnits = forecast?.units ?? units
        hours = slots.map { slot in
            Hour(
                time: LocalClockTime(slot.time, utcOffsetSeconds: offset).hourText(display.clock),
                symbol: ConditionSymbol.symbol(for: slot.condition),
                temperature: ValueText.temperature(
                    celsius: PhysicalValue.celsius(slot.temperature, from: reportUnits), units: units))
        }
        let today = LocalDate(containing: now, utcOffsetSeconds: offset)
        let forecastDays = forecast.map { Array($0.value.days(from: now).prefix(5)) } ?? []
        days = forecastDays.map { day in
            let high = ValueText.temperature(celsius: PhysicalValue.celsius(day.high, from: reportUnits), units: units)
            let low = ValueText.temperature(celsius: PhysicalValue.celsius(day.low, from: reportUnits), units: units)
            return Day(
                name: day.date == today ? "Today" : day.date.shortWeekdayName,
                symbol: ConditionSymbol.symbol(for: day.condition),
                high: high, low: low, highAndLow: "\(high) \(low)",
                chance: ValueText.chance(day.precipitationChance))
        }
        let chartSlots = forecast.map { fetched in fetched.value.slots.filter { $0.time >= now && $0.time <= now + 86_400 } } ?? []
        let currentCelsius = merged.values[.temperature]?.value
        var chartValues: [Double?] = chartSlots.isEmpty ? [] : [currentCelsius]
        chartValues += chartSlots.map { PhysicalValue.celsius($0.temperature, from: reportUnits) }
        chart = chartValues.map { celsius in
            celsius.flatMap { PhysicalValue.isPlausible(celsius: $0) ? PhysicalValue.temperature(celsius: $0, in: units) : nil }
        }
        let finite = chart.compactMap { $0 }
        chartLow = finite.min().map { "\(ValueText.rounded($0))°" } ?? ""
        chartHigh = finite.max().map { "\(ValueText.rounded($0))°" } ?? ""
        self.sensors = SensorRow.rows(from: sensors, units: units, at: now)
        current = report.current.map { fetched in
            Current(
                fetched.value, reportUnits: fetched.units, merged: merged,
                todayForecast: forecast.flatMap { $0.value.day(daysFromNow: 0, at: now) }, forecastUnits: reportUnits,
                display: display)
        }
        status = Self.status(of: report, offset: offset, display: display, at: now)
        message =
            if current != nil { nil }
            else if report.hasData { "No current conditions — \(status.text)" }
            else { "No weather yet — \(report.fault?.panelLine ?? "waiting for the first report")" }
    }

    /// The offset of the location's clock: the current conditions' (the newest), else the forecast's,
    /// else (no data yet) the hub's own.
    static func utcOffset(of report: WeatherReport, display: DisplaySettings, at now: Date) -> Int {
        report.current?.value.utcOffsetSeconds ?? report.forecast?.value.utcOffsetSeconds
            ?? display.timeZone.secondsFromUTC(at: now)
    }

    /// The city as the panel writes it; a place without a usable name says so.
    static func cityName(_ location: Location) -> String {
        location.name.allSatisfy(\.isWhitespace) ? "Unnamed place" : location.name
    }

    /// "Updated 14:05", "Updated 14:05 · rate limited" or "3 h old · offline".
    static func status(of report: WeatherReport, offset: Int, display: DisplaySettings, at now: Date) -> StatusLine {
        guard let fetchedAt = report.fetchedAt, let age = report.age(at: now) else {
            return StatusLine(text: report.fault?.panelLine ?? "no data yet", isWarning: true)
        }
        let seconds = Double(age.components.seconds)
        let reason = report.fault.map { " · \($0.panelLine)" } ?? ""
        if seconds >= staleAfter {
            return StatusLine(text: "\(ValueText.age(seconds: seconds)) old\(reason)", isWarning: true)
        }
        let time = LocalClockTime(report.current?.value.observedAt ?? fetchedAt, utcOffsetSeconds: offset)
        return StatusLine(text: "Updated \(time.timeText(display.clock))\(reason)", isWarning: report.fault != nil)
    }
}

extension WeatherPanelModel.Current {
    init(
        _ conditions: CurrentConditions, reportUnits: Units, merged: MergedWeather, todayForecast: DailyForecast?,
        forecastUnits: Units, display: DisplaySettings
    ) {
        let units = display.units
        func fromSensor(_ field: SensorField) -> Bool {
            if case .sensor = merged.values[field]?.source { return true }
            return false
        }
        symbol = ConditionSymbol.symbol(for: conditions.condition)
        condition = ConditionSymbol.text(for: conditions.condition)
        let temperature = merged.values[.temperature]?.value
        self.temperature = ValueText.temperature(celsius: temperature, units: units)
        let feels = conditions.feelsLike.map { PhysicalValue.celsius($0, from: reportUnits) }
        feelsLike = "Feels \(ValueText.temperature(celsius: feels, units: units))"
        if let todayForecast {
            var high = PhysicalValue.celsius(todayForecast.high, from: forecastUnits)
            var low = PhysicalValue.celsius(todayForecast.low, from: forecastUnits)
            if let temperature, PhysicalValue.isPlausible(celsius: temperature) {
                high = max(high, temperature)
                low = min(low, temperature)
            }
            highLow = "H \(ValueText.temperature(celsius: high, units: units)) L \(ValueText.temperature(celsius: low, units: units))"
        } else {
            highLow = "H \(ValueText.missing)° L \(ValueText.missing)°"
        }
        feelsLikeAndHighLow = "\(feelsLike)  \(highLow)"
        humidity = ValueText.humidity(merged.values[.humidity]?.value)
        let direction = merged.values[.windDirection]?.value
        wind = ValueText.wind(metresPerSecond: merged.values[.windAverage]?.value, direction: direction, units: units)
        windArrowDegrees = direction.flatMap { $0.isFinite ? $0 + 180 : nil }
        pressure = ValueText.pressure(merged.values[.pressure]?.value)
        temperatureFromSensor = fromSensor(.temperature)
        humidityFromSensor = fromSensor(.humidity)
        windFromSensor = fromSensor(.windAverage)
        pressureFromSensor = fromSensor(.pressure)
    }
}

extension ProviderObservation {
    /// The provider's current values in SI units, with its pressure change over three hours from the
    /// log, for the merge with local sensors.
    init(_ fetched: Fetched<CurrentConditions>, pressureLog: PressureLog = PressureLog()) {
        let conditions = fetched.value
        self.init(
            temperature: PhysicalValue.celsius(conditions.temperature, from: fetched.units),
            humidity: Double(conditions.humidity),
            pressure: Double(conditions.pressure),
            windSpeed: PhysicalValue.metresPerSecond(conditions.wind.speed, from: fetched.units),
            windGust: conditions.wind.gust.map { PhysicalValue.metresPerSecond($0, from: fetched.units) },
            windDirection: conditions.wind.direction.map(Double.init),
            observedAt: conditions.observedAt,
            pressureTrend: pressureLog.change(over: 3 * 3600).map { change in
                PressureTrend(change: change.hectopascals, window: .seconds(change.interval), source: .provider)
            })
    }
}
