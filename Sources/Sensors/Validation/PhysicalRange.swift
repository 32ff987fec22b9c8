/// The values each field can physically take. Outside them a value is refused; a narrower plausible
/// band marks values that are possible but worth a second look.
enum PhysicalRange {
    /// Hard limits: world records with a margin for air values, the scale's ends for the rest.
    static func limits(for field: SensorField) -> ClosedRange<Double> {
        switch field {
        case .temperature, .temperature2: -90...100
        case .dewPoint: -90...60
        case .humidity, .batteryLevel: 0...100
        case .pressure: 300...1100
        // The highest gust recorded is 113 m/s (Barrow Island, 1996).
        case .windAverage, .windGust: 0...113
        case .windDirection: 0...360
        case .rain: 0...100_000
        case .uvIndex: 0...25
        case .illuminance: 0...200_000
        case .co2: 0...40_000
        case .batteryLow: 0...1
        case .batteryVoltage: 0...10_000
        case .linkQuality: 0...255
        }
    }

    /// The band outside which a value inside the limits is flagged suspect, with why.
    static func plausible(for field: SensorField) -> (range: ClosedRange<Double>, why: String)? {
        switch field {
        case .temperature: (-65...60, "beyond the air temperatures ever recorded")
        case .co2: (300...40_000, "below outdoor air (about 420 ppm): the sensor may need calibrating")
        default: nil
        }
    }
}
