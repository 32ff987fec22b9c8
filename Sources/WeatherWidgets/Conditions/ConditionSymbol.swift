import InkUI
import WeatherInfoKit

/// Maps OpenWeatherMap condition codes (https://openweathermap.org/weather-conditions) and day or night
/// to InkUI symbols, and writes the condition for the panel.
enum ConditionSymbol {
    /// The symbol for a condition code; `.warning` for a code OpenWeatherMap does not define, so an
    /// unknown code never passes for real weather.
    static func symbol(for id: Int, isDaytime: Bool) -> Symbol {
        switch id {
        case 210, 211, 212, 221: .cloudBolt
        case 200..<300: .cloudBoltRain
        case 300..<400: .cloudDrizzle
        case 500, 501, 531: .cloudRain
        case 502, 503, 504, 522: .cloudHeavyRain
        case 511: .cloudFreezingRain
        case 520, 521: isDaytime ? .cloudSunRain : .cloudMoonRain
        case 611..<620: .cloudSleet
        case 600..<700: .cloudSnow
        case 711: .smoke
        case 721: isDaytime ? .sunHaze : .moonHaze
        case 731, 751, 761, 762: .dust
        case 771: .wind
        case 781: .tornado
        case 700..<800: .fog
        case 800: isDaytime ? .sun : .moon
        case 801: isDaytime ? .cloudSun : .cloudMoon
        case 802: .cloud
        case 803: .clouds
        case 804: .cloudOvercast
        default: .warning
        }
    }

    /// The symbol for a condition, `.warning` when there is none.
    static func symbol(for condition: WeatherCondition?) -> Symbol {
        guard let condition else { return .warning }
        return symbol(for: condition.id, isDaytime: condition.isDaytime)
    }

    /// "Light rain": the provider's description (in the language it was asked for) with a capital, else
    /// its group name, else the code.
    static func text(for condition: WeatherCondition?, locale: PanelLocale) -> String {
        guard let condition else { return locale.noConditionsReported }
        let description = condition.description.allSatisfy(\.isWhitespace) ? condition.main : condition.description
        guard let first = description.first(where: { !$0.isWhitespace }) else {
            return locale.fill(locale.unknownWeather, String(condition.id))
        }
        let trimmed = description.drop { $0.isWhitespace }
        return first.uppercased() + trimmed.dropFirst()
    }

    /// "Cloudy": the condition's group in one word, for where the description does not fit; `nil` when the
    /// group is unknown or the description is that word already.
    static func word(for condition: WeatherCondition?, locale: PanelLocale) -> String? {
        guard let condition else { return nil }
        let word: String? =
            switch condition.group {
            case .thunderstorm: locale.thunder
            case .drizzle: locale.drizzle
            case .rain: locale.rain
            case .snow: locale.snow
            case .atmosphere: locale.haze
            case .clear: locale.clear
            case .clouds: locale.cloudy
            case .unknown: nil
            }
        return word == text(for: condition, locale: locale) ? nil : word
    }
}
