#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import InkUI
import Sensors
import WeatherInfoKit

extension WeatherPanelModel {
    /// A chance of precipitation from which a step counts as "rain expected".
    static let likelyPrecipitation = 0.4

    /// The details block's facts, most wanted first: will it rain and when, wind and gusts, humidity,
    /// sunrise and sunset (and the day's length where it fits), the pressure and its trend, the UV
    /// index. A fact the data lacks is left out, never invented.
    static func details(
        _ current: CurrentConditions, forecast: Forecast?, merged: MergedWeather, offset: Int, format: PanelFormatter,
        at now: Date
    ) -> [Detail] {
        let locale = format.locale
        var details: [Detail] = []
        if let forecast { details.append(precipitation(current, forecast: forecast, offset: offset, format: format, at: now)) }

        let speed = merged.values[.windAverage]
        let direction = merged.values[.windDirection]?.value
        let wind = format.wind(metresPerSecond: speed?.value, direction: direction)
        var windAndGusts: String?
        if let gust = merged.values[.windGust]?.value, let speed = speed?.value, gust > speed {
            let gustSpeed = PanelFormatter.rounded(PhysicalValue.speed(metresPerSecond: gust, in: format.units))
            windAndGusts = wind + " · " + locale.fill(locale.gusts, String(gustSpeed))
        }
        details.append(Detail(kind: .wind, pieces: [
            Detail.Piece(
                symbol: direction?.isFinite == true ? .windArrow : .wind, rotation: direction.map { $0 + 180 } ?? 0,
                text: windAndGusts ?? wind, compactText: windAndGusts == nil ? nil : wind, fromSensor: speed?.source.isSensor == true),
        ]))

        let humidity = merged.values[.humidity]
        details.append(Detail(kind: .humidity, pieces: [
            Detail.Piece(symbol: .droplet, text: format.humidity(humidity?.value), fromSensor: humidity?.source.isSensor == true),
        ]))

        if let sunrise = current.sunrise, let sunset = current.sunset {
            details.append(Detail(
                kind: .sun,
                pieces: [
                    Detail.Piece(symbol: .sunrise, text: format.time(sunrise, utcOffsetSeconds: offset)),
                    Detail.Piece(symbol: .sunset, text: format.time(sunset, utcOffsetSeconds: offset)),
                ],
                extra: Detail.Piece(symbol: .sun, text: locale.dayLength(seconds: sunset.timeIntervalSince(sunrise)))))
        }

        let pressure = merged.values[.pressure]
        let pressureText = format.pressure(pressure?.value)
        let trend = merged.pressureTrend.map { tendency($0.tendency, locale: locale) }
        details.append(Detail(kind: .pressure, pieces: [
            Detail.Piece(
                symbol: .gauge, text: trend.map { "\(pressureText) \($0.arrow) \($0.word)" } ?? pressureText,
                compactText: trend.map { "\(pressureText) \($0.arrow)" }, fromSensor: pressure?.source.isSensor == true),
        ]))

        if let uv = uvIndex(current, forecast: forecast, offset: offset, at: now) {
            let index = locale.fill(locale.uvIndex, format.uvIndex(uv))
            details.append(Detail(
                kind: .uvIndex, pieces: [Detail.Piece(symbol: .sunRays, text: index + " " + locale.uvLevel(uv), compactText: index)],
                needsAttention: uv >= 5.5))
        }
        return details.sorted { $0.kind < $1.kind }
    }

    /// The arrow and the word of a pressure tendency: "↗" "rising", "→" "steady", "↘" "falling".
    static func tendency(_ tendency: PressureTrend.Tendency, locale: PanelLocale) -> (arrow: String, word: String) {
        switch tendency {
        case .rising: ("↗", locale.pressureRising)
        case .steady: ("→", locale.pressureSteady)
        case .falling: ("↘", locale.pressureFalling)
        }
    }

    /// Whether it rains (or snows) now, else when it is expected to within a day and how likely, else
    /// that the next day looks dry.
    static func precipitation(
        _ current: CurrentConditions, forecast: Forecast, offset: Int, format: PanelFormatter, at now: Date
    ) -> Detail {
        let locale = format.locale
        let falling = (current.rainLastHour ?? 0) + (current.snowLastHour ?? 0) > 0
            || [.rain, .drizzle, .snow, .thunderstorm].contains(current.condition?.group)
        if falling {
            let isSnow = (current.snowLastHour ?? 0) > (current.rainLastHour ?? 0) || current.condition?.group == .snow
            return Detail(
                kind: .precipitation,
                pieces: [
                    Detail.Piece(
                        symbol: isSnow ? .snowflake : .umbrella, text: isSnow ? locale.snowNow : locale.rainNow,
                        compactText: isSnow ? locale.snow : locale.rain),
                ],
                needsAttention: true)
        }
        let upcoming = forecast.slots.first { slot in
            slot.time > now && slot.time <= now + 86_400
                && (slot.precipitationChance >= likelyPrecipitation || (slot.precipitationAmount ?? 0) >= 0.5)
        }
        guard let upcoming else {
            return Detail(kind: .precipitation, pieces: [Detail.Piece(symbol: .umbrella, text: locale.dryNext24Hours, compactText: locale.dry24Hours)])
        }
        let template = upcoming.isMostlySnow ? locale.snowFrom : locale.rainFrom
        let time = format.hour(upcoming.time, utcOffsetSeconds: offset)
        let chance = format.chance(upcoming.precipitationChance)
        return Detail(kind: .precipitation, pieces: [
            Detail.Piece(
                symbol: upcoming.isMostlySnow ? .snowflake : .umbrella, text: locale.fill(template, time) + " · " + chance,
                compactText: "\(time) · \(chance)"),
        ])
    }

    /// The UV index worth showing: by day the higher of now and the day's peak, after sunset the next
    /// day's peak; `nil` when the provider gives none.
    static func uvIndex(_ current: CurrentConditions, forecast: Forecast?, offset: Int, at now: Date) -> Double? {
        let today = LocalDate(containing: now, utcOffsetSeconds: offset)
        let daily = { (date: LocalDate) in forecast?.days.first { $0.date == date }?.uvIndexMax }
        if let sunset = current.sunset, now >= sunset {
            return daily(today.adding(days: 1))
        }
        let values = [current.uvIndex, daily(today)].compactMap { $0 }.filter(\.isFinite)
        return values.max()
    }

    /// The alert to show: the first one in force, else the first announced within a day.
    static func alert(in forecast: Forecast, offset: Int, format: PanelFormatter, at now: Date) -> Alert? {
        let locale = format.locale
        let pending = forecast.alerts(notEndedAt: now)
        guard let shown = pending.first(where: { $0.isActive(at: now) }) ?? pending.first(where: { $0.start <= now + 86_400 })
        else { return nil }
        let isActive = shown.isActive(at: now)
        let moment = isActive ? shown.end : shown.start
        let today = LocalDate(containing: now, utcOffsetSeconds: offset)
        let day = LocalDate(containing: moment, utcOffsetSeconds: offset)
        var when = format.time(moment, utcOffsetSeconds: offset)
        if day != today { when = "\(locale.weekdaysAbbreviated[day.weekday - 1]) \(when)" }
        let others = pending.count - 1
        return Alert(
            headline: shown.event,
            validity: locale.fill(isActive ? locale.until : locale.from, when), isActive: isActive,
            more: others > 0 ? locale.fill(locale.more, String(others)) : nil)
    }
}
