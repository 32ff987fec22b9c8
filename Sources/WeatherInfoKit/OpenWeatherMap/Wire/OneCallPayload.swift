import FoundationEssentials
import HubSystem

/// The body of `/data/3.0/onecall` (current, hourly for 48 h, daily for 8 days, alerts; minutely is not
/// used). Wind keys are flat here (`wind_speed`), `clouds` is a plain number, and `daily[].rain` is a
/// plain number of mm while `hourly[].rain` is `{"1h": …}`. `alerts` is absent when none is in force.
struct OneCallPayload: Decodable {
    var lat: Double
    var lon: Double
    var timezoneOffset: Int?
    var current: Current
    var hourly: [Hour]?
    var daily: [Day]?
    var alerts: [Alert]?

    private enum CodingKeys: String, CodingKey {
        case lat, lon, current, hourly, daily, alerts
        case timezoneOffset = "timezone_offset"
    }

    struct Current: Decodable {
        var dt: Double
        var sunrise: Double?
        var sunset: Double?
        var temp: Double
        var feelsLike: Double?
        var pressure: Double
        var humidity: Double
        var clouds: Double
        var visibility: Double?
        var windSpeed: Double
        var windDeg: Double?
        var windGust: Double?
        var uvi: Double?
        var weather: [ConditionPayload]
        var rain: PrecipitationPayload?
        var snow: PrecipitationPayload?

        private enum CodingKeys: String, CodingKey {
            case dt, sunrise, sunset, temp, pressure, humidity, clouds, visibility, uvi, weather, rain, snow
            case feelsLike = "feels_like"
            case windSpeed = "wind_speed"
            case windDeg = "wind_deg"
            case windGust = "wind_gust"
        }
    }

    struct Hour: Decodable {
        var dt: Double
        var temp: Double
        var feelsLike: Double?
        var weather: [ConditionPayload]
        var pop: Double?
        var rain: PrecipitationPayload?
        var snow: PrecipitationPayload?
        var pressure: Double?
        var uvi: Double?

        private enum CodingKeys: String, CodingKey {
            case dt, temp, weather, pop, rain, snow, pressure, uvi
            case feelsLike = "feels_like"
        }
    }

    struct Day: Decodable {
        var dt: Double
        var sunrise: Double?
        var sunset: Double?
        var temp: Temperatures
        var weather: [ConditionPayload]
        var pop: Double?
        var rain: Double?
        var snow: Double?
        var uvi: Double?

        struct Temperatures: Decodable {
            var min: Double
            var max: Double
        }
    }

    struct Alert: Decodable {
        var senderName: String?
        var event: String
        var start: Double
        var end: Double
        var description: String?

        private enum CodingKeys: String, CodingKey {
            case event, start, end, description
            case senderName = "sender_name"
        }

        var alert: WeatherAlert {
            WeatherAlert(
                event: event.trimmedWhitespace, sender: senderName ?? "", start: Date(timeIntervalSince1970: start),
                end: Date(timeIntervalSince1970: end), description: description ?? "")
        }
    }

    /// The offset in force, or one estimated from the longitude when the body had none.
    var utcOffset: (seconds: Int, estimated: Bool) {
        timezoneOffset.map { ($0, false) } ?? (Forecast.estimatedUTCOffset(longitude: lon), true)
    }

    var currentConditions: CurrentConditions {
        let observed = Date(timeIntervalSince1970: current.dt)
        let sun = SunTimesPayload(sunrise: current.sunrise, sunset: current.sunset)
        return CurrentConditions(
            observedAt: observed,
            temperature: current.temp,
            feelsLike: current.feelsLike,
            humidity: Int(current.humidity.rounded()),
            pressure: Int(current.pressure.rounded()),
            wind: Wind(speed: current.windSpeed, gust: current.windGust, direction: current.windDeg.map { Int($0.rounded()) }),
            visibility: current.visibility.map { Int($0.rounded()) },
            cloudiness: Int(current.clouds.rounded()),
            conditions: current.weather.map { $0.condition(fallbackIsDaytime: sun.isDaytime(at: observed)) },
            rainLastHour: current.rain?.lastHour,
            snowLastHour: current.snow?.lastHour,
            sunrise: sun.sunrise,
            sunset: sun.sunset,
            utcOffsetSeconds: timezoneOffset,
            uvIndex: current.uvi)
    }

    /// Hourly slots, and days from `daily[]` dated by their `dt` (local midday, so a DST shift of an hour
    /// cannot move a day to another date).
    var forecast: Forecast {
        let offset = utcOffset
        let slots = (hourly ?? []).map { hour in
            ForecastSlot(
                time: Date(timeIntervalSince1970: hour.dt),
                temperature: hour.temp,
                feelsLike: hour.feelsLike,
                conditions: hour.weather.map { $0.condition(fallbackIsDaytime: true) },
                precipitationChance: min(1, max(0, hour.pop ?? 0)),
                rainAmount: hour.rain?.lastHour,
                snowAmount: hour.snow?.lastHour,
                pressure: hour.pressure,
                uvIndex: hour.uvi)
        }
        let days = (daily ?? []).map { day in
            let sun = SunTimesPayload(sunrise: day.sunrise, sunset: day.sunset)
            return DailyForecast(
                date: LocalDate(containing: Date(timeIntervalSince1970: day.dt), utcOffsetSeconds: offset.seconds),
                high: day.temp.max,
                low: day.temp.min,
                condition: day.weather.first?.condition(fallbackIsDaytime: true),
                precipitationChance: min(1, max(0, day.pop ?? 0)),
                rainAmount: day.rain ?? 0,
                snowAmount: day.snow ?? 0,
                coveredHours: 24,
                uvIndexMax: day.uvi,
                sunrise: sun.sunrise,
                sunset: sun.sunset)
        }
        return Forecast(
            slots: slots, slotHours: 1, utcOffsetSeconds: offset.seconds, isUTCOffsetEstimated: offset.estimated,
            days: days, alerts: (alerts ?? []).map(\.alert).filter { $0.end > $0.start && !$0.event.isEmpty })
    }
}
