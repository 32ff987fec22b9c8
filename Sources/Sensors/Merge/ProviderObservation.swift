#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The weather provider's current values, in SI units, as the weather module hands them to the merge
/// (Sensors does not know the weather module's types).
public struct ProviderObservation: Sendable, Equatable {
    /// °C.
    public var temperature: Double?
    /// % relative humidity.
    public var humidity: Double?
    /// hPa at sea level.
    public var pressure: Double?
    /// m/s.
    public var windSpeed: Double?
    /// m/s.
    public var windGust: Double?
    /// Degrees, meteorological (where the wind comes from).
    public var windDirection: Double?
    /// When the provider measured these values.
    public var observedAt: Date
    /// The provider's own three-hour pressure trend (``ValueSource/provider``), used when no local
    /// barometer is known.
    public var pressureTrend: PressureTrend?

    public init(
        temperature: Double? = nil, humidity: Double? = nil, pressure: Double? = nil, windSpeed: Double? = nil,
        windGust: Double? = nil, windDirection: Double? = nil, observedAt: Date, pressureTrend: PressureTrend? = nil
    ) {
        self.temperature = temperature
        self.humidity = humidity
        self.pressure = pressure
        self.windSpeed = windSpeed
        self.windGust = windGust
        self.windDirection = windDirection
        self.observedAt = observedAt
        self.pressureTrend = pressureTrend
    }

    /// The provider's value for a merged field.
    func value(for field: SensorField) -> Double? {
        switch field {
        case .temperature: temperature
        case .humidity: humidity
        case .pressure: pressure
        case .windAverage: windSpeed
        case .windGust: windGust
        case .windDirection: windDirection
        default: nil
        }
    }
}
