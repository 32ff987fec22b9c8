#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem
import WeatherInfoKit

/// How values are written on the panel, in the reader's language and units: short, with a dash for
/// anything missing or implausible, never a made-up number. Models format once per entry with it, so
/// drawing formats nothing.
struct PanelFormatter: Sendable {
    /// What stands for a missing or implausible value.
    static let missing = "–"

    let locale: PanelLocale
    let units: Units
    let clock: ClockStyle

    init(display: DisplaySettings) {
        locale = display.language.locale
        units = display.units
        clock = display.clock
    }

    /// "21°" from °C, in the display units; "–°" when missing or implausible.
    func temperature(celsius: Double?) -> String {
        guard let celsius, PhysicalValue.isPlausible(celsius: celsius) else { return "\(Self.missing)°" }
        return "\(locale.integer(Self.rounded(PhysicalValue.temperature(celsius: celsius, in: units))))°"
    }

    /// "21.4 °C" with one decimal, for sensor readings.
    func preciseTemperature(celsius: Double) -> String {
        guard PhysicalValue.isPlausible(celsius: celsius) else { return "\(Self.missing) \(units.temperatureSymbol)" }
        return "\(locale.oneDecimal(PhysicalValue.temperature(celsius: celsius, in: units))) \(units.temperatureSymbol)"
    }

    /// "64%" ("64 %" where the language spaces it).
    func humidity(_ percent: Double?) -> String {
        guard let percent, PhysicalValue.isPlausible(humidity: percent) else { return locale.fill(locale.percentPattern, Self.missing) }
        return locale.percent(Self.rounded(percent))
    }

    /// "1013 hPa".
    func pressure(_ hectopascals: Double?) -> String {
        guard let hectopascals, PhysicalValue.isPlausible(pressure: hectopascals) else { return "\(Self.missing) hPa" }
        return "\(Self.rounded(hectopascals)) hPa"
    }

    /// "4 m/s", "9 mph" from m/s.
    func speed(metresPerSecond: Double?) -> String {
        guard let metresPerSecond, PhysicalValue.isPlausible(windSpeed: metresPerSecond) else {
            return "\(Self.missing) \(units.windSpeedSymbol)"
        }
        return "\(Self.rounded(PhysicalValue.speed(metresPerSecond: metresPerSecond, in: units))) \(units.windSpeedSymbol)"
    }

    /// "4 m/s SW" from m/s and the direction the wind comes from.
    func wind(metresPerSecond: Double?, direction: Double?) -> String {
        let speed = speed(metresPerSecond: metresPerSecond)
        guard let metresPerSecond, PhysicalValue.isPlausible(windSpeed: metresPerSecond), let direction, direction.isFinite
        else { return speed }
        return "\(speed) \(locale.compassPoint(direction))"
    }

    /// "40%" precipitation chance from 0…1.
    func chance(_ fraction: Double) -> String {
        guard fraction.isFinite, fraction >= 0, fraction <= 1 else { return locale.fill(locale.percentPattern, Self.missing) }
        return locale.percent(Self.rounded(fraction * 100))
    }

    /// "2.4 mm", "0.4 mm"; amounts of 10 mm and more without a decimal ("12 mm").
    func amount(millimetres: Double) -> String {
        guard millimetres.isFinite, millimetres >= 0, millimetres < 2000 else { return "\(Self.missing) mm" }
        return millimetres >= 9.95 ? "\(Self.rounded(millimetres)) mm" : "\(locale.oneDecimal(millimetres)) mm"
    }

    /// "5": a UV index, whole.
    func uvIndex(_ index: Double) -> String {
        String(Self.rounded(max(0, index)))
    }

    // MARK: Times and dates

    /// "14:05" or "2:05 pm" at a place `utcOffsetSeconds` from UTC.
    func time(_ instant: Date, utcOffsetSeconds: Int) -> String {
        let clockTime = LocalClockTime(instant, utcOffsetSeconds: utcOffsetSeconds)
        switch clock {
        case .twentyFourHour: return "\(Self.twoDigits(clockTime.hour)):\(Self.twoDigits(clockTime.minute))"
        case .twelveHour: return "\(clockTime.twelveHour):\(Self.twoDigits(clockTime.minute)) \(dayPeriod(clockTime.hour))"
        }
    }

    /// "14:05" or "2:05 pm" in `zone` (the hub's), whatever its offset at that instant.
    func time(_ instant: Date, in zone: TimeZoneRules) -> String {
        time(instant, utcOffsetSeconds: zone.secondsFromUTC(at: instant))
    }

    /// "UTC+1", "UTC-5", "UTC+5:45", "UTC": a clock's zone, for a time that is not the hub's; `compact`
    /// leaves out "UTC" where there is an offset ("+5:45").
    static func zone(utcOffsetSeconds: Int, compact: Bool = false) -> String {
        let minutes = abs(utcOffsetSeconds) / 60
        guard minutes > 0 else { return "UTC" }
        let sign = utcOffsetSeconds < 0 ? "-" : "+"
        return (compact ? "" : "UTC") + "\(sign)\(minutes / 60)" + (minutes % 60 == 0 ? "" : ":\(twoDigits(minutes % 60))")
    }

    /// "14:00" or "2 pm": the label of an hour slot.
    func hour(_ instant: Date, utcOffsetSeconds: Int) -> String {
        let clockTime = LocalClockTime(instant, utcOffsetSeconds: utcOffsetSeconds)
        guard clock == .twelveHour, clockTime.minute == 0 else { return time(instant, utcOffsetSeconds: utcOffsetSeconds) }
        return "\(clockTime.twelveHour) \(dayPeriod(clockTime.hour))"
    }

    /// "Sat 21 Nov".
    func shortDate(_ date: LocalDate) -> String { locale.shortDate(date) }

    /// "Saturday 21 November".
    func longDate(_ date: LocalDate) -> String { locale.longDate(date) }

    /// "now", "5 min", "3 h", "2 d".
    func age(seconds: TimeInterval) -> String { locale.age(seconds: seconds) }

    private func dayPeriod(_ hour: Int) -> String {
        hour < 12 ? locale.beforeNoon : locale.afterNoon
    }

    // MARK: Numbers

    /// A whole number, rounded half away from zero, without "-0".
    static func rounded(_ value: Double) -> Int {
        let result = Int(value.rounded())
        return result == 0 ? 0 : result
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
