#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reduces a station pressure to sea level with the international barometric formula, so a local
/// barometer compares with forecasts (which are all sea-level).
enum SeaLevelPressure {
    /// `station` in hPa at `altitude` metres, air at `temperature` °C (15 °C when unknown).
    static func reduce(station: Double, altitude: Double, temperature: Double?) -> Double {
        let lapse = 0.0065 * altitude
        let kelvin = (temperature ?? 15) + lapse + 273.15
        return station * pow(1 - lapse / kelvin, -5.257)
    }
}
