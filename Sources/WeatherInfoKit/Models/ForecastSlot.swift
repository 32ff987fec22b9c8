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
    /// Sea-level pressure in hPa, when the provider gives it per step.
    public var pressure: Double?
    /// The UV index, when the provider gives it per step (One Call, Open-Meteo).
    public var uvIndex: Double?

    public init(
        time: Date, temperature: Double, feelsLike: Double?, conditions: [WeatherCondition],
        precipitationChance: Double, rainAmount: Double?, snowAmount: Double?, pressure: Double? = nil,
        uvIndex: Double? = nil
    ) {
        self.time = time
        self.temperature = temperature
        self.feelsLike = feelsLike
        self.conditions = conditions
        self.precipitationChance = precipitationChance
        self.rainAmount = rainAmount
        self.snowAmount = snowAmount
        self.pressure = pressure
        self.uvIndex = uvIndex
    }

    /// The main condition, if any was listed.
    public var condition: WeatherCondition? { conditions.first }

    /// Rain and snow together over the slot, mm; `nil` when the provider expects neither.
    public var precipitationAmount: Double? {
        guard rainAmount != nil || snowAmount != nil else { return nil }
        return (rainAmount ?? 0) + (snowAmount ?? 0)
    }

    /// Whether snow makes up most of the slot's precipitation (or its condition is snow when no amount
    /// is given).
    public var isMostlySnow: Bool {
        if let snow = snowAmount, snow > 0 { return snow >= (rainAmount ?? 0) }
        return rainAmount == nil && condition?.group == .snow
    }
}
