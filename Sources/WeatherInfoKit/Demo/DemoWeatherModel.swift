import FoundationEssentials
import Glibc

/// The weather the demo invents: a pure function of the seed and the instant, so the same seed gives
/// the same sky at the same time whatever "now" the report is made at, and a report for a given now and
/// seed is always the same. Days cycle through eight kinds of weather, so any five days are varied.
struct DemoWeatherModel: Sendable {
    let seed: UInt64
    let utcOffsetSeconds: Int
    /// The language of condition descriptions (a provider language code), English when `nil`.
    var language: String?

    /// The weather of one day, by part of day.
    private struct DayKind {
        var name: String
        /// Condition ids for night (0–6 h), morning (6–12 h), afternoon (12–18 h), evening (18–24 h).
        var conditions: [Int]
        /// Added to the seasonal mean, °C.
        var warmth: Double
        /// Diurnal half-range, °C.
        var swing: Double
        var wind: Double
        var precipitationChance: Double
    }

    private static let dayKinds: [DayKind] = [
        DayKind(name: "clear", conditions: [800, 800, 800, 800], warmth: 2, swing: 6, wind: 2, precipitationChance: 0),
        DayKind(name: "clouding over", conditions: [801, 802, 803, 804], warmth: 1, swing: 4, wind: 3, precipitationChance: 0.1),
        DayKind(name: "showers", conditions: [803, 520, 521, 802], warmth: -1, swing: 3, wind: 5, precipitationChance: 0.7),
        DayKind(name: "overcast", conditions: [804, 804, 804, 804], warmth: -1, swing: 2, wind: 3, precipitationChance: 0.2),
        DayKind(name: "thundery", conditions: [801, 802, 211, 501], warmth: 3, swing: 5, wind: 4, precipitationChance: 0.8),
        DayKind(name: "misty then fair", conditions: [701, 741, 801, 800], warmth: 0, swing: 5, wind: 1, precipitationChance: 0.05),
        DayKind(name: "rainy", conditions: [500, 501, 502, 500], warmth: -2, swing: 2, wind: 6, precipitationChance: 0.9),
        DayKind(name: "drizzle", conditions: [804, 300, 301, 803], warmth: -1, swing: 2, wind: 4, precipitationChance: 0.6),
    ]

    /// OpenWeatherMap's group, English description and icon of each condition the demo uses, and the
    /// WMO code whose words describe it in other languages (`WMODescription`).
    private static let conditionNames: [Int: (main: String, description: String, icon: String, wmo: Int)] = [
        211: ("Thunderstorm", "thunderstorm", "11", 95),
        300: ("Drizzle", "light intensity drizzle", "09", 51), 301: ("Drizzle", "drizzle", "09", 53),
        500: ("Rain", "light rain", "10", 61), 501: ("Rain", "moderate rain", "10", 63), 502: ("Rain", "heavy intensity rain", "10", 65),
        520: ("Rain", "light intensity shower rain", "09", 80), 521: ("Rain", "shower rain", "09", 81),
        600: ("Snow", "light snow", "13", 71), 601: ("Snow", "snow", "13", 73), 602: ("Snow", "heavy snow", "13", 75),
        701: ("Mist", "mist", "50", 45), 741: ("Fog", "fog", "50", 45),
        800: ("Clear", "clear sky", "01", 0), 801: ("Clouds", "few clouds", "02", 1), 802: ("Clouds", "scattered clouds", "03", 2),
        803: ("Clouds", "broken clouds", "04", 2), 804: ("Clouds", "overcast clouds", "04", 3),
    ]

    /// One moment of invented weather, in metric units.
    struct Sample {
        var temperature: Double
        var feelsLike: Double
        var humidity: Int
        var wind: Double
        var gust: Double
        var direction: Int
        var condition: WeatherCondition
        var cloudiness: Int
        var precipitationChance: Double
        /// Precipitation per hour, mm.
        var precipitationRate: Double
        var isSnow: Bool
        /// Sea-level pressure, hPa.
        var pressure: Double
        /// The UV index: the season's clear-sky peak, shaped by the sun's height and cut by clouds.
        var uvIndex: Double
    }

    func sample(at instant: Date) -> Sample {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        let local = seconds + utcOffsetSeconds
        let day = local.floorDivided(by: 86_400)
        let hourOfDay = Double(local.floorModulo(86_400)) / 3600
        let kind = dayKind(onDay: day)
        let hourIndex = local.floorDivided(by: 3600)
        let noise = unit(salt: 1, hourIndex) - 0.5

        let dayOfYear = Double(day.floorModulo(365))
        let seasonalMean = 12.5 - 9.5 * cos(2 * Double.pi * (dayOfYear - 15) / 365)
        let temperature = seasonalMean + kind.warmth + kind.swing * cos(2 * Double.pi * (hourOfDay - 15) / 24) + noise
        var id = kind.conditions[min(3, Int(hourOfDay / 6))]
        let isWet = (500..<600).contains(id) || (300..<400).contains(id)
        let isSnow = isWet && temperature < 1
        if isSnow { id = id >= 502 ? 602 : id == 501 || id == 521 ? 601 : 600 }
        let names = Self.conditionNames[id]!
        let isDaytime = hourOfDay >= 7 && hourOfDay < 19
        let wind = max(0, kind.wind + 2 * noise)
        let wet = (200..<700).contains(id)
        let cloudiness = id == 800 ? 0 : id >= 801 && id <= 804 ? (id - 800) * 22 : 90
        return Sample(
            temperature: temperature,
            feelsLike: temperature - wind * 0.7,
            humidity: Int((wet ? 88 : 62) + 10 * noise),
            wind: wind,
            gust: wind * 1.6,
            direction: Int(unit(salt: 2, day) * 360),
            condition: WeatherCondition(
                id: id, main: names.main, description: description(names),
                iconCode: names.icon + (isDaytime ? "d" : "n"), isDaytime: isDaytime),
            cloudiness: cloudiness,
            precipitationChance: wet ? kind.precipitationChance : kind.precipitationChance / 4,
            precipitationRate: Self.precipitationRate(conditionID: id),
            isSnow: isSnow,
            pressure: pressure(at: seconds),
            uvIndex: uvIndex(at: instant, cloudiness: cloudiness))
    }

    /// A slow swell of weather systems (about four days) with a faster ripple: changes of a few hPa in
    /// three hours, so the trend shows rising, steady and falling over a demo week.
    private func pressure(at seconds: Int) -> Double {
        let time = Double(seconds)
        let phase = Double(seed % 97)
        let swell = 9 * sin(2 * Double.pi * (time / (4.3 * 86_400) + phase / 97))
        let ripple = 1.5 * sin(2 * Double.pi * time / (29 * 3600))
        return ((1012 + swell + ripple) * 10).rounded() / 10
    }

    /// Zero at night; by day the season's clear-sky peak (2 in winter to 8 in summer) times the sun's
    /// height, less under clouds.
    private func uvIndex(at instant: Date, cloudiness: Int) -> Double {
        let sun = sunTimes(on: instant)
        guard instant > sun.sunrise, instant < sun.sunset else { return 0 }
        let daylight = sun.sunset.timeIntervalSince(sun.sunrise)
        let height = sin(Double.pi * instant.timeIntervalSince(sun.sunrise) / daylight)
        let date = LocalDate(containing: instant, utcOffsetSeconds: utcOffsetSeconds)
        let season = (1 + sin(2 * Double.pi * (Double(date.daysSinceEpoch.floorModulo(365)) - 80) / 365)) / 2
        let clearSky = 2 + 6 * season
        return (clearSky * height * (1 - 0.6 * Double(cloudiness) / 100) * 10).rounded() / 10
    }

    /// The official warning the demo issues on thundery days: a thunderstorm warning for the
    /// afternoon and evening.
    func alert(on date: LocalDate) -> WeatherAlert? {
        guard dayKind(on: date).name == "thundery" else { return nil }
        let midnight = date.start(utcOffsetSeconds: utcOffsetSeconds)
        return WeatherAlert(
            event: Self.alertEvent[String(language?.lowercased().prefix(2) ?? "en")] ?? "Thunderstorm warning",
            sender: "Demo weather service",
            start: midnight.addingTimeInterval(11 * 3600), end: midnight.addingTimeInterval(22 * 3600),
            description: "Thunderstorms with heavy rain, hail and gusts of up to 80 km/h are likely this afternoon and evening.")
    }

    /// The alert's headline in the demo's language, as a national weather service would word it.
    private static let alertEvent = [
        "en": "Thunderstorm warning", "de": "Gewitterwarnung", "fr": "Vigilance orages", "es": "Aviso por tormentas",
        "it": "Allerta temporali", "nl": "Waarschuwing onweer", "pl": "Ostrzeżenie przed burzami", "sv": "Varning för åska",
    ]

    private func dayKind(on date: LocalDate) -> DayKind {
        dayKind(onDay: date.daysSinceEpoch)
    }

    /// The kind of the local day `day` days after 1970-01-01.
    private func dayKind(onDay day: Int) -> DayKind {
        Self.dayKinds[(Int(seed % 8) + day * 3).floorModulo(Self.dayKinds.count)]
    }

    /// The condition in the demo's language: OpenWeatherMap's English words, or the hub's words for the
    /// nearest WMO code in another language.
    private func description(_ names: (main: String, description: String, icon: String, wmo: Int)) -> String {
        guard let language, !language.lowercased().hasPrefix("en") else { return names.description }
        return WMODescription.text(for: names.wmo, language: language) ?? names.description
    }

    /// mm per hour for a condition: light, moderate or heavy precipitation, none for the rest.
    private static func precipitationRate(conditionID id: Int) -> Double {
        switch id {
        case 300, 500, 520, 600: 0.4
        case 211, 301, 501, 521, 601: 1.2
        case 502, 602: 3
        default: 0
        }
    }

    /// Sunrise and sunset of the local day holding `instant`: about 12 h of daylight, ±3.5 h with the
    /// season, around a solar noon of 12:40 local.
    func sunTimes(on instant: Date) -> (sunrise: Date, sunset: Date) {
        let date = LocalDate(containing: instant, utcOffsetSeconds: utcOffsetSeconds)
        let midnight = date.start(utcOffsetSeconds: utcOffsetSeconds)
        let dayOfYear = Double(date.daysSinceEpoch.floorModulo(365))
        let daylightHours = 12 + 3.5 * sin(2 * Double.pi * (dayOfYear - 80) / 365)
        let noon = 12 * 3600 + 40 * 60.0
        return (
            midnight.addingTimeInterval(noon - daylightHours * 1800),
            midnight.addingTimeInterval(noon + daylightHours * 1800)
        )
    }

    /// A number in 0..<1 fixed by the seed, a salt and an index (SplitMix64).
    private func unit(salt: UInt64, _ index: Int) -> Double {
        var z = seed &+ salt &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(bitPattern: Int64(index)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
}
