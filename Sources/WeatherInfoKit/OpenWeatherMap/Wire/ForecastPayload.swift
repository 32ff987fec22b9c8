import FoundationEssentials

/// The body of `/data/2.5/forecast`. `cnt` is not trusted (the list may be shorter than it says), `dt_txt`
/// is UTC without a zone mark and is ignored in favour of `dt`.
struct ForecastPayload: Decodable {
    var list: [Item]
    var city: City?

    struct Item: Decodable {
        var dt: Double
        var main: CurrentWeatherPayload.Main
        var weather: [ConditionPayload]
        var pop: Double?
        var rain: PrecipitationPayload?
        var snow: PrecipitationPayload?
        var sys: PartOfDay?

        struct PartOfDay: Decodable {
            var pod: String?
        }

        var slot: ForecastSlot {
            let isDaytime = sys?.pod.map { $0 != "n" } ?? true
            return ForecastSlot(
                time: Date(timeIntervalSince1970: dt),
                temperature: main.temp,
                feelsLike: main.feelsLike,
                conditions: weather.map { $0.condition(fallbackIsDaytime: isDaytime) },
                precipitationChance: min(1, max(0, pop ?? 0)),
                rainAmount: rain?.lastThreeHours ?? rain?.lastHour,
                snowAmount: snow?.lastThreeHours ?? snow?.lastHour,
                pressure: main.pressure)
        }
    }

    struct City: Decodable {
        var name: String?
        var country: String?
        var coord: CoordinatesPayload?
        var timezone: Int?
    }

    /// The forecast; without `city.timezone` the offset is estimated from the longitude (the city's, or
    /// else the one asked for), and without either it is UTC.
    func forecast(requestedLongitude: Double?) -> Forecast {
        let offset: Int
        let estimated: Bool
        if let timezone = city?.timezone {
            (offset, estimated) = (timezone, false)
        } else if let longitude = city?.coord?.lon ?? requestedLongitude {
            (offset, estimated) = (Forecast.estimatedUTCOffset(longitude: longitude), true)
        } else {
            (offset, estimated) = (0, true)
        }
        return Forecast(slots: list.map(\.slot), slotHours: 3, utcOffsetSeconds: offset, isUTCOffsetEstimated: estimated)
    }
}
