#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import WeatherInfoKit

extension PanelLocale {
    /// A template with its `{}` replaced by `value`.
    func fill(_ template: String, _ value: String) -> String {
        template.replacing("{}", with: value)
    }

    // MARK: Numbers

    /// A whole number with the language's minus sign: "-3", Swedish "−3".
    func integer(_ value: Int) -> String {
        value < 0 ? minusSign + String(-value) : String(value)
    }

    /// A number with one decimal, the language's separator and minus sign: "21.4", "21,4", "−0,5".
    func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? minusSign : ""
        return "\(sign)\(abs(tenths) / 10)\(decimalSeparator)\(abs(tenths) % 10)"
    }

    /// "87%", "87 %".
    func percent(_ value: Int) -> String {
        fill(percentPattern, integer(value))
    }

    // MARK: Dates and ages

    /// "Sat 21 Nov", "Sa., 21. Nov.".
    func shortDate(_ date: LocalDate) -> String {
        shortDatePattern
            .replacing("{E}", with: weekdaysAbbreviated[date.weekday - 1])
            .replacing("{d}", with: String(date.day))
            .replacing("{MMM}", with: monthsAbbreviated[date.month - 1])
    }

    /// "Saturday 21 November", "Samstag, 21. November".
    func longDate(_ date: LocalDate) -> String {
        longDatePattern
            .replacing("{EEEE}", with: weekdaysWide[date.weekday - 1])
            .replacing("{d}", with: String(date.day))
            .replacing("{MMMM}", with: monthsWide[date.month - 1])
    }

    /// A day's column heading: "Today" for today, else the weekday on its own ("Sun", "So").
    func dayHeading(_ date: LocalDate, today: LocalDate) -> String {
        date == today ? todayColumn : weekdaysStandAlone[date.weekday - 1]
    }

    /// A text that starts a title, its first letter a capital: "samedi 21 novembre" heads a widget as
    /// "Samedi 21 novembre".
    func title(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// "now", "5 min", "3 h", "2 d": how old something is.
    func age(seconds: TimeInterval) -> String {
        guard seconds.isFinite else { return PanelFormatter.missing }
        let seconds = max(0, seconds)
        if seconds < 90 { return justNow }
        if seconds < 3600 { return fill(minutes, String(Int((seconds / 60).rounded()))) }
        if seconds < 48 * 3600 { return fill(hours, String(Int(seconds / 3600))) }
        return fill(days, String(Int(seconds / 86_400)))
    }

    /// "10 h 32 min" between sunrise and sunset.
    func dayLength(seconds: TimeInterval) -> String {
        let minutesTotal = Int((max(0, seconds) / 60).rounded())
        return dayLength.replacing("{h}", with: String(minutesTotal / 60)).replacing("{m}", with: String(minutesTotal % 60))
    }

    /// The 16-point compass name of a direction in degrees.
    func compassPoint(_ degrees: Double) -> String {
        let normalized = (degrees.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return compassPoints[Int((normalized / 22.5).rounded()) % 16]
    }

    /// The WHO category of a UV index: low (under 3), moderate, high, very high, extreme (11 and up).
    func uvLevel(_ index: Double) -> String {
        switch index {
        case ..<2.5: uvLevels[0]
        case ..<5.5: uvLevels[1]
        case ..<7.5: uvLevels[2]
        case ..<10.5: uvLevels[3]
        default: uvLevels[4]
        }
    }

    // MARK: Faults

    /// A few words for the panel on why fresh weather is missing.
    func faultLine(_ fault: WeatherFault) -> String {
        switch fault {
        case .keyMissing: faults.keyMissing
        case .keyUnusable: faults.keyUnreadable
        case .keyNotActiveYet: faults.keyNotActiveYet
        case .keyRefused: faults.keyRefused
        case .oneCallNotSubscribed: faults.oneCallNotSubscribed
        case .locationNotFound: faults.cityNotFound
        case .rateLimited: faults.rateLimited
        case .dailyLimitReached: faults.dailyLimitReached
        case .serverError(let status): fill(faults.serverError, String(status))
        case .unexpectedStatus(let status, _): fill(faults.httpError, String(status))
        case .timedOut: faults.timedOut
        case .hostNotFound: faults.offlineNoDNS
        case .connectionRefused: faults.offlineNoConnection
        case .tlsFailure: faults.tlsError
        case .responseCutOff: faults.answerCutOff
        case .responseTooLarge: faults.answerTooLarge
        case .notJSON: faults.badAnswer
        case .unexpectedJSON: faults.unexpectedData
        case .insecureURL: faults.httpsRequired
        case .network: faults.offline
        case .cancelled: faults.cancelled
        }
    }
}

extension WeatherFault {
    /// A few words on why fresh weather is missing, as the panel writes them in `language`.
    public func panelLine(in language: PanelLanguage = .english) -> String {
        language.locale.faultLine(self)
    }
}
