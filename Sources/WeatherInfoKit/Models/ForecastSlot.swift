public import FoundationEssentials

/// One step of a forecast (3-hourly from `/data/2.5/forecast`, hourly from One Call), in the report's
/// ``Units``.
public struct ForecastSlot: Sendable, Hashable, Codable {
    /// The instant forecast (UTC).
    public var time: Date
    public var temperature: Double
    /// Absent in legacy responses.
    public var feelsLike: Double?
    /// Every condition forecast, the main one first.
    public var conditions: [WeatherCondition]
    /// Probability of precipitation, 0…1.
    public var precipitationChance: Double
    /// Rain over the slot in mm; absent when none is expected.
    public var rainAmount: Double?
    /// Snow over the slot in mm; absent when none is expected.
    public var snowAmount: Double?

    public init(
        time: Date, temperature: Double, feelsLike: Double?, conditions: [WeatherCondition],
        precipitationChance: Double, rainAmount: Double?, snowAmount: Double?
    ) {
        self.time = time
        self.temperature = temperature
        self.feelsLike = feelsLike
        self.conditions = conditions
        self.precipitationChance = precipitationChance
        self.rainAmount = rainAmount
        self.snowAmount = snowAmount
    }

    /// The main condition, if any was listed.
    public var condition: WeatherCondition? { conditions.first }
}
