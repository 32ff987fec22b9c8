#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherInfoKit

/// How values are written on the panel: short, with a dash for anything missing or implausible, never
/// a made-up number.
enum ValueText {
    static let missing = "–"

    /// "21°" from °C, in the display units; "–°" when missing or implausible.
    static func temperature(celsius: Double?, units: Units) -> String {
        guard let celsius, PhysicalValue.isPlausible(celsius: celsius) else { return "\(missing)°" }
        return "\(rounded(PhysicalValue.temperature(celsius: celsius, in: units)))°"
    }

    /// "21.4 °C" with one decimal, for sensor readings.
    static func preciseTemperature(celsius: Double, units: Units) -> String {
        guard PhysicalValue.isPlausible(celsius: celsius) else { return "\(missing) \(units.temperatureSymbol)" }
        return "\(oneDecimal(PhysicalValue.temperature(celsius: celsius, in: units))) \(units.temperatureSymbol)"
    }

    /// "64 %".
    static func humidity(_ percent: Double?) -> String {
        guard let percent, PhysicalValue.isPlausible(humidity: percent) else { return "\(missing) %" }
        return "\(rounded(percent)) %"
    }

    /// "1013 hPa".
    static func pressure(_ hectopascals: Double?) -> String {
        guard let hectopascals, PhysicalValue.isPlausible(pressure: hectopascals) else { return "\(missing) hPa" }
        return "\(rounded(hectopascals)) hPa"
    }

    /// "4 m/s SW" from m/s and the direction the wind comes from.
    static func wind(metresPerSecond: Double?, direction: Double?, units: Units) -> String {
        guard let metresPerSecond, PhysicalValue.isPlausible(windSpeed: metresPerSecond) else {
            return "\(missing) \(units.windSpeedSymbol)"
        }
        let speed = "\(rounded(PhysicalValue.speed(metresPerSecond: metresPerSecond, in: units))) \(units.windSpeedSymbol)"
        guard let direction, direction.isFinite else { return speed }
        return "\(speed) \(compassPoint(direction))"
    }

    /// "40 %" precipitation chance from 0…1.
    static func chance(_ fraction: Double) -> String {
        guard fraction.isFinite, fraction >= 0, fraction <= 1 else { return "\(missing) %" }
        return "\(rounded(fraction * 100)) %"
    }

    /// "2.4 mm" of precipitation.
    static func amount(millimetres: Double) -> String {
        guard millimetres.isFinite, millimetres >= 0, millimetres < 2000 else { return "\(missing) mm" }
        return "\(oneDecimal(millimetres)) mm"
    }

    /// The 16-point compass name of a direction in degrees.
    static func compassPoint(_ degrees: Double) -> String {
        let points = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
        let normalized = (degrees.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return points[Int((normalized / 22.5).rounded()) % 16]
    }

    /// "now", "5 min", "3 h", "2 d": how old something is.
    static func age(seconds: TimeInterval) -> String {
        guard seconds.isFinite else { return missing }
        let seconds = max(0, seconds)
        if seconds < 90 { return "now" }
        if seconds < 3600 { return "\(Int((seconds / 60).rounded())) min" }
        if seconds < 48 * 3600 { return "\(Int(seconds / 3600)) h" }
        return "\(Int(seconds / 86_400)) d"
    }

    /// A whole number, rounded half away from zero, without "-0".
    static func rounded(_ value: Double) -> Int {
        let result = Int(value.rounded())
        return result == 0 ? 0 : result
    }

    /// "21.4", "-0.5".
    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
