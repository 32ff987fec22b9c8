import FoundationEssentials

/// An Open-Meteo forecast answer as the hub's models, in the configured ``Units``: the current
/// conditions, the hourly forecast from the current hour on with Open-Meteo's own days, and the past
/// hours' pressure for the trend.
///
/// Rain is `rain` plus `showers` (Open-Meteo counts convective showers apart). Snow is its water
/// equivalent in mm, like every amount in the hub: Open-Meteo gives `snowfall` in cm of snow, which it
/// derives as 0.7 × the water equivalent in mm ("7 cm snow = 10 mm precipitation water equivalent"), so
/// the hub divides by 0.7. Kelvin (`standard`) is computed from °C, which Open-Meteo does not offer.
struct OpenMeteoWeather: Sendable {
    var current: CurrentConditions
    var forecast: Forecast
    /// Sea-level pressure of the past hours, rounded to whole hPa like the current value.
    var earlierPressure: [PressureLog.Observation]

    /// Open-Meteo's snowfall in cm per mm of water.
    static let snowCentimetresPerWaterMillimetre = 0.7

    init(_ payload: OpenMeteoForecastPayload, units: Units, language: String?) throws(WeatherFault) {
        try OpenMeteoUnits(units).check(payload)
        let offset = payload.utcOffsetSeconds
        let hourly = payload.hourly
        let observed = Date(timeIntervalSince1970: payload.current.time)
        // The hour that holds the observation: its rain, snow and UV stand for "now".
        let hour = hourly.time.lastIndex { $0 <= payload.current.time }
        let days = Self.days(payload.daily, utcOffsetSeconds: offset, units: units, language: language)
        let today = days.first { $0.date == LocalDate(containing: observed, utcOffsetSeconds: offset) }
        current = Self.current(payload.current, units: units, language: language, hourly: hourly, hour: hour, today: today, offset: offset)
        let firstSlot = hour ?? hourly.time.firstIndex { $0 > payload.current.time } ?? hourly.time.endIndex
        let slots = hourly.time.indices[firstSlot...].compactMap { Self.slot(hourly, at: $0, units: units, language: language) }
        forecast = Forecast(slots: slots, slotHours: 1, utcOffsetSeconds: offset, isUTCOffsetEstimated: false, days: days)
        earlierPressure = hourly.time.indices.compactMap { index in
            guard hourly.time[index] < payload.current.time, let pressure = hourly.pressure[safe: index] else { return nil }
            return PressureLog.Observation(time: Date(timeIntervalSince1970: hourly.time[index]), hectopascals: pressure.rounded())
        }
    }

    private static func current(
        _ current: OpenMeteoForecastPayload.Current, units: Units, language: String?, hourly: OpenMeteoForecastPayload.Hourly,
        hour: Int?, today: DailyForecast?, offset: Int
    ) -> CurrentConditions {
        let isDaytime = (current.isDay ?? 1) != 0
        let condition = WMOCondition.condition(code: current.weatherCode.map { Int($0) }, isDaytime: isDaytime, language: language)
        return CurrentConditions(
            observedAt: Date(timeIntervalSince1970: current.time),
            temperature: temperature(current.temperature, in: units),
            feelsLike: current.apparentTemperature.map { temperature($0, in: units) },
            humidity: Int(current.relativeHumidity.rounded()),
            pressure: Int(current.pressure.rounded()),
            wind: Wind(speed: current.windSpeed, gust: current.windGusts, direction: current.windDirection.map { Int($0.rounded()) }),
            visibility: nil,
            cloudiness: Int(current.cloudCover.rounded()),
            conditions: condition.map { [$0] } ?? [],
            rainLastHour: hour.flatMap { rain(hourly, at: $0) },
            snowLastHour: hour.flatMap { snow(hourly.snowfall[safe: $0]) },
            sunrise: today?.sunrise,
            sunset: today?.sunset,
            utcOffsetSeconds: offset,
            uvIndex: hour.flatMap { hourly.uvIndex[safe: $0] })
    }

    private static func slot(_ hourly: OpenMeteoForecastPayload.Hourly, at index: Int, units: Units, language: String?) -> ForecastSlot? {
        guard let celsiusOrFahrenheit = hourly.temperature[safe: index] else { return nil }
        let isDaytime = (hourly.isDay[safe: index] ?? 1) != 0
        let condition = WMOCondition.condition(code: hourly.weatherCode[safe: index].map { Int($0) }, isDaytime: isDaytime, language: language)
        return ForecastSlot(
            time: Date(timeIntervalSince1970: hourly.time[index]),
            temperature: temperature(celsiusOrFahrenheit, in: units),
            feelsLike: hourly.apparentTemperature[safe: index].map { temperature($0, in: units) },
            conditions: condition.map { [$0] } ?? [],
            precipitationChance: fraction(hourly.precipitationProbability[safe: index]),
            rainAmount: rain(hourly, at: index),
            snowAmount: snow(hourly.snowfall[safe: index]),
            pressure: hourly.pressure[safe: index],
            uvIndex: hourly.uvIndex[safe: index])
    }

    /// Each day dated by its local midday (12 h after the midnight Open-Meteo gives), which no DST shift
    /// can move to another date.
    private static func days(_ daily: OpenMeteoForecastPayload.Daily, utcOffsetSeconds: Int, units: Units, language: String?) -> [DailyForecast] {
        daily.time.indices.compactMap { index in
            guard let high = daily.temperatureMax[safe: index], let low = daily.temperatureMin[safe: index] else { return nil }
            let midday = Date(timeIntervalSince1970: daily.time[index] + 12 * 3600)
            let amount = { (values: [Double?]?) in values[safe: index] ?? 0 }
            return DailyForecast(
                date: LocalDate(containing: midday, utcOffsetSeconds: utcOffsetSeconds),
                high: temperature(high, in: units),
                low: temperature(low, in: units),
                condition: WMOCondition.condition(code: daily.weatherCode[safe: index].map { Int($0) }, isDaytime: true, language: language),
                precipitationChance: fraction(daily.precipitationProbabilityMax[safe: index]),
                rainAmount: amount(daily.rainSum) + amount(daily.showersSum),
                snowAmount: amount(daily.snowfallSum) / snowCentimetresPerWaterMillimetre,
                coveredHours: 24,
                uvIndexMax: daily.uvIndexMax[safe: index],
                sunrise: daily.sunrise[safe: index].flatMap(instant),
                sunset: daily.sunset[safe: index].flatMap(instant))
        }
    }

    /// Rain and showers of the hour, mm; `nil` when neither falls.
    private static func rain(_ hourly: OpenMeteoForecastPayload.Hourly, at index: Int) -> Double? {
        let total = (hourly.rain[safe: index] ?? 0) + (hourly.showers[safe: index] ?? 0)
        return total > 0 ? total : nil
    }

    /// Snowfall in cm as mm of water; `nil` when none falls.
    private static func snow(_ centimetres: Double?) -> Double? {
        guard let centimetres, centimetres > 0 else { return nil }
        return centimetres / snowCentimetresPerWaterMillimetre
    }

    /// A percentage as 0…1.
    private static func fraction(_ percent: Double?) -> Double {
        min(1, max(0, (percent ?? 0) / 100))
    }

    /// Unix seconds as an instant; 0 (no sunrise in polar night, in some answers) reads as unknown.
    private static func instant(_ seconds: Double) -> Date? {
        seconds > 0 ? Date(timeIntervalSince1970: seconds) : nil
    }

    /// °C or °F as asked; Kelvin from °C.
    private static func temperature(_ value: Double, in units: Units) -> Double {
        units == .standard ? ((value + 273.15) * 100).rounded() / 100 : value
    }
}
