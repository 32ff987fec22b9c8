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
    static let staleAfter = WidgetDataContext.weatherStaleAfter

    /// The panel's content for a report at `now`, with the current values from the merge.
    init(report: WeatherReport, merged: MergedWeather, sensors: [SensorSnapshot], display: DisplaySettings, at now: Date) {
        let format = PanelFormatter(display: display)
        let locale = format.locale
        let offset = Self.utcOffset(of: report, display: display, at: now)
        let today = LocalDate(containing: now, utcOffsetSeconds: offset)
        city = Self.cityName(report.location, locale: locale)
        dateText = format.shortDate(today)
        // The city's clock; named by its zone when it is not the hub's, so the panel never shows two
        // different times without saying which is which.
        let time = format.time(now, utcOffsetSeconds: offset)
        if offset == display.timeZone.secondsFromUTC(at: now) {
            timeText = time
        } else {
            timeText = time + " " + PanelFormatter.zone(utcOffsetSeconds: offset)
            compactTimeText = time + " " + PanelFormatter.zone(utcOffsetSeconds: offset, compact: true)
        }
        dateAndTimeText = "\(dateText)  \(timeText)"

        let forecast = report.forecast
        let reportUnits = forecast?.units ?? display.units
        func celsius(_ value: Double) -> Double { PhysicalValue.celsius(value, from: reportUnits) }
        let slots = forecast.map { $0.value.nextSlots(after: now, limit: 8) } ?? []
        hours = slots.map { slot in
            Hour(
                time: format.hour(slot.time, utcOffsetSeconds: offset), symbol: ConditionSymbol.symbol(for: slot.condition),
                temperature: format.temperature(celsius: celsius(slot.temperature)),
                chance: slot.precipitationChance >= 0.1 ? format.chance(slot.precipitationChance) : nil,
                isSnow: slot.isMostlySnow)
        }
        // Today's high and low include the temperature now, as the hero's do: late in the day the
        // forecast's remaining steps alone would miss the afternoon.
        let nowCelsius = merged.values[.temperature].flatMap { PhysicalValue.isPlausible(celsius: $0.value) ? $0.value : nil }
        days = (forecast.map { Array($0.value.days(from: now).prefix(5)) } ?? []).map { day in
            let isToday = day.date == today
            let measured = isToday ? nowCelsius : nil
            let high = format.temperature(celsius: max(celsius(day.high), measured ?? -.infinity))
            let low = format.temperature(celsius: min(celsius(day.low), measured ?? .infinity))
            return Day(
                name: locale.dayHeading(day.date, today: today), symbol: ConditionSymbol.symbol(for: day.condition),
                high: high, low: low, highAndLow: "\(high) \(low)",
                chance: day.precipitationChance >= 0.1 ? format.chance(day.precipitationChance) : nil,
                amount: day.precipitationAmount >= 0.5 ? format.amount(millimetres: day.precipitationAmount) : nil,
                isSnow: day.isMostlySnow, isToday: isToday)
        }

        let chartSlots = forecast.map { fetched in fetched.value.slots.filter { $0.time >= now && $0.time <= now + 86_400 } } ?? []
        let currentCelsius = merged.values[.temperature]?.value
        let chartCelsius: [Double?] = chartSlots.isEmpty ? [] : [currentCelsius] + chartSlots.map { celsius($0.temperature) }
        chart = chartCelsius.map { value in
            value.flatMap { PhysicalValue.isPlausible(celsius: $0) ? PhysicalValue.temperature(celsius: $0, in: display.units) : nil }
        }
        chartPrecipitation = chartSlots.isEmpty ? [] : [nil] + chartSlots.map(\.precipitationChance)
        let finite = chart.compactMap { $0 }
        chartLow = finite.min().map { "\(locale.integer(PanelFormatter.rounded($0)))°" } ?? ""
        chartHigh = finite.max().map { "\(locale.integer(PanelFormatter.rounded($0)))°" } ?? ""
        chartTitle = locale.next24Hours
        chartEmpty = locale.noForecast

        self.sensors = SensorRow.rows(from: sensors, format: format, at: now)
        let todayForecast = forecast.flatMap { $0.value.day(daysFromNow: 0, at: now) }
        current = report.current.map { fetched in
            Current(
                fetched.value, reportUnits: fetched.units, merged: merged, todayForecast: todayForecast, forecastUnits: reportUnits,
                indoor: Self.indoorSnapshot(in: sensors).flatMap { Indoor($0, format: format, at: now) }, format: format)
        }
        details = report.current.map { fetched in
            Self.details(
                fetched.value, forecast: forecast?.value, merged: merged, offset: offset, format: format, at: now)
        } ?? []
        alert = forecast.flatMap { Self.alert(in: $0.value, offset: offset, format: format, at: now) }
        status = Self.status(of: report, offset: offset, format: format, at: now)
        message =
            if current != nil { nil }
            else if report.hasData { locale.fill(locale.noCurrentConditions, status.text) }
            else { locale.fill(locale.noWeatherYet, report.fault.map(locale.faultLine) ?? locale.waitingForFirstReport) }
    }

    /// The offset of the location's clock: the current conditions' (the newest), else the forecast's,
    /// else (no data yet) the hub's own.
    static func utcOffset(of report: WeatherReport, display: DisplaySettings, at now: Date) -> Int {
        report.current?.value.utcOffsetSeconds ?? report.forecast?.value.utcOffsetSeconds
            ?? display.timeZone.secondsFromUTC(at: now)
    }

    /// The city as the panel writes it; a place without a usable name says so.
    static func cityName(_ location: Location, locale: PanelLocale) -> String {
        location.name.allSatisfy(\.isWhitespace) ? locale.unnamedPlace : location.name
    }

    /// "Updated 14:05", "Updated 14:05 · rate limited", "3 h old · offline", or with the provider that
    /// answered when it is not the one configured, or needs crediting: "Updated 14:05 · Open-Meteo (key
    /// refused)".
    static func status(of report: WeatherReport, offset: Int, format: PanelFormatter, at now: Date) -> StatusLine {
        let locale = format.locale
        guard let fetchedAt = report.fetchedAt, let age = report.age(at: now) else {
            return StatusLine(text: report.fault.map(locale.faultLine) ?? locale.noDataYet, isWarning: true)
        }
        let seconds = Double(age.components.seconds)
        var reason = report.fault.map { " · \(locale.faultLine($0))" } ?? ""
        if report.provider == .openMeteo || report.fallbackReason != nil {
            let why = report.fallbackReason.map { " (\(locale.faultLine($0)))" } ?? ""
            reason = " · \(report.provider.displayName)\(why)" + reason
        }
        if seconds >= staleAfter {
            let age = format.age(seconds: seconds)
            return StatusLine(text: locale.fill(locale.old, age) + reason, compactText: age + reason, isWarning: true)
        }
        let time = format.time(report.current?.value.observedAt ?? fetchedAt, utcOffsetSeconds: offset)
        return StatusLine(
            text: locale.fill(locale.updated, time) + reason, compactText: reason.isEmpty ? nil : time + reason,
            isWarning: report.fault != nil)
    }

    /// The sensor shown as indoors: the one with the `indoor` role, else the only room.
    static func indoorSnapshot(in sensors: [SensorSnapshot]) -> SensorSnapshot? {
        if let indoor = sensors.first(where: { $0.role == .indoor }) { return indoor }
        let rooms = sensors.filter { $0.role == .room }
        return rooms.count == 1 ? rooms[0] : nil
    }
}

extension WeatherPanelModel.Current {
    init(
        _ conditions: CurrentConditions, reportUnits: Units, merged: MergedWeather, todayForecast: DailyForecast?,
        forecastUnits: Units, indoor: WeatherPanelModel.Indoor?, format: PanelFormatter
    ) {
        let locale = format.locale
        symbol = ConditionSymbol.symbol(for: conditions.condition)
        condition = ConditionSymbol.text(for: conditions.condition, locale: locale)
        compactCondition = ConditionSymbol.word(for: conditions.condition, locale: locale)
        let temperature = merged.values[.temperature]?.value
        self.temperature = format.temperature(celsius: temperature)
        temperatureFromSensor = merged.values[.temperature]?.source.isSensor == true
        let feels = conditions.feelsLike.map { PhysicalValue.celsius($0, from: reportUnits) }
        feelsLike = locale.fill(locale.feelsLike, format.temperature(celsius: feels))
        isTodaysExtreme = false
        if let todayForecast {
            var high = PhysicalValue.celsius(todayForecast.high, from: forecastUnits)
            var low = PhysicalValue.celsius(todayForecast.low, from: forecastUnits)
            if let temperature, PhysicalValue.isPlausible(celsius: temperature) {
                isTodaysExtreme = temperature >= high || temperature <= low
                high = max(high, temperature)
                low = min(low, temperature)
            }
            highLow = "↑\(format.temperature(celsius: high)) ↓\(format.temperature(celsius: low))"
        } else {
            highLow = "↑\(PanelFormatter.missing)° ↓\(PanelFormatter.missing)°"
        }
        self.indoor = indoor
    }
}

extension WeatherPanelModel.Indoor {
    /// The indoor sensor's current temperature (and humidity); `nil` when it has no current temperature.
    init?(_ snapshot: SensorSnapshot, format: PanelFormatter, at now: Date) {
        guard let celsius = snapshot.currentValue(.temperature, at: now)?.value else { return nil }
        temperature = format.temperature(celsius: celsius)
        humidity = snapshot.currentValue(.humidity, at: now).map { format.humidity($0.value) }
    }
}

extension ValueSource {
    /// Whether a local sensor supplied the value.
    var isSensor: Bool {
        if case .sensor = self { return true }
        return false
    }
}
