import WeatherInfoKit

/// Every word the panel draws and the conventions it writes numbers and dates by, for one language:
/// small tables in the source instead of ICU (the hub's memory budget). The calendar names, date
/// patterns, relative day names, day periods and number symbols are CLDR's; the panel's phrases are
/// our own translations. `docs/localization.md` says where each table's words come from.
///
/// Templates hold `{}` where a value goes (`"Updated {}"`); date patterns name their parts (`{E}`,
/// `{d}`, `{MMM}`, `{EEEE}`, `{MMMM}`), as CLDR's patterns do.
struct PanelLocale: Sendable {
    // MARK: CLDR: Gregorian calendar, format context unless noted, Sunday first

    /// "Sun" … "Sat".
    var weekdaysAbbreviated: [String]
    /// Stand-alone context, for a column headed by the day alone: German "So" where the format is "So.".
    var weekdaysStandAlone: [String]
    /// "Sunday" … "Saturday".
    var weekdaysWide: [String]
    /// "Jan" … "Dec".
    var monthsAbbreviated: [String]
    /// "January" … "December".
    var monthsWide: [String]
    /// The `MMMEd` skeleton's pattern: "{E} {d} {MMM}".
    var shortDatePattern: String
    /// The long date with weekday, without the year: "{EEEE} {d} {MMMM}".
    var longDatePattern: String
    /// The relative day fields, capitalised for use on their own: "Today", "Tomorrow".
    var today: String
    var tomorrow: String
    /// "Today" as a day column's heading, short enough for one ("Auj." where "Aujourd’hui" is too long).
    var todayColumn: String
    /// The abbreviated day periods, for a 12-hour clock: "am", "pm".
    var beforeNoon: String
    var afterNoon: String

    // MARK: CLDR: numbers

    var decimalSeparator: String
    var minusSign: String
    /// "{}%" or "{} %" (with the language's no-break space).
    var percentPattern: String

    // MARK: The panel's words

    /// N, NNE, NE … NNW.
    var compassPoints: [String]
    /// "Feels {}".
    var feelsLike: String
    /// "Updated {}".
    var updated: String
    /// "{} old": the age of data that is stale.
    var old: String
    /// "now": an age under a minute and a half.
    var justNow: String
    /// "{} min", "{} h", "{} d": ages.
    var minutes: String
    var hours: String
    var days: String
    /// "{h} h {m} min": the length of the day.
    var dayLength: String
    /// "Next 24 h": the chart's title.
    var next24Hours: String
    /// "no forecast": the chart without data.
    var noForecast: String
    /// "Rain", "Snow": precipitation on its own, as in "Rain 40 % · 2.4 mm".
    var rain: String
    var snow: String
    /// "Clear", "Cloudy", "Drizzle", "Thunder", "Haze": a condition in one word (with `rain` and `snow`)
    /// where the provider's description does not fit.
    var clear: String
    var cloudy: String
    var drizzle: String
    var thunder: String
    var haze: String
    /// "Rain from {}", "Snow from {}": when precipitation is expected next.
    var rainFrom: String
    var snowFrom: String
    /// "Rain now", "Snow now".
    var rainNow: String
    var snowNow: String
    /// "Dry next 24 h": nothing likely within a day.
    var dryNext24Hours: String
    /// "Dry 24 h": the same where the sentence does not fit.
    var dry24Hours: String
    /// "gusts {}".
    var gusts: String
    /// "UV {}".
    var uvIndex: String
    /// The WHO's UV categories: low, moderate, high, very high, extreme.
    var uvLevels: [String]
    /// The pressure tendency: rising, steady, falling.
    var pressureRising: String
    var pressureSteady: String
    var pressureFalling: String
    /// "until {}", "from {}": an alert's validity.
    var until: String
    var from: String
    /// "+{} more": alerts or sensors not shown.
    var more: String
    /// The sensors widget's title and messages.
    var sensorsTitle: String
    var noSensorsConfigured: String
    var noSensorReadings: String
    /// The history widget's title: "History".
    var historyTitle: String
    /// "Last 24 h", over the history chart.
    var last24Hours: String
    /// "Rain today {}", "7 days {}": a rain gauge's amounts.
    var rainToday: String
    var rainLastSevenDays: String
    /// Said of a day or a total the sensor did not measure throughout: "incomplete".
    var incomplete: String
    var ageUnknown: String
    /// "No weather yet — {}", "No current conditions — {}", "No forecast yet — {}".
    var noWeatherYet: String
    var noCurrentConditions: String
    var noForecastYet: String
    /// "The forecast does not reach {} yet".
    var forecastDoesNotReach: String
    var waitingForFirstReport: String
    var noDataYet: String
    var unnamedPlace: String
    var noConditionsReported: String
    /// "Unknown weather (code {})".
    var unknownWeather: String
    var noQuotes: String
    /// The language's own name: "English", "Deutsch".
    var nativeName: String
    /// Why fresh weather is missing, a few words beside the data's age.
    var faults: FaultLines

    /// The few words for each ``WeatherFault``.
    struct FaultLines: Sendable {
        var keyMissing: String
        var keyUnreadable: String
        var keyNotActiveYet: String
        var keyRefused: String
        var oneCallNotSubscribed: String
        var cityNotFound: String
        var rateLimited: String
        var dailyLimitReached: String
        /// "server error {}".
        var serverError: String
        /// "HTTP error {}".
        var httpError: String
        var timedOut: String
        var offlineNoDNS: String
        var offlineNoConnection: String
        var tlsError: String
        var answerCutOff: String
        var answerTooLarge: String
        var badAnswer: String
        var unexpectedData: String
        var httpsRequired: String
        var offline: String
        var cancelled: String
    }
}
