import InkUI

/// The weather widget's content at one moment, already written out (each text in the form a view shows
/// it, in the reader's language), so drawing an entry formats nothing, allocates nothing, and the same
/// entry always draws the same frame.
struct WeatherPanelModel: Sendable, Hashable {
    /// The current conditions; a value a local sensor supplied carries a mark.
    struct Current: Sendable, Hashable {
        var symbol: Symbol
        var temperature: String
        var temperatureFromSensor: Bool
        var condition: String
        /// The condition in one word ("Cloudy"), where `condition` does not fit.
        var compactCondition: String?
        /// "Feels 16°".
        var feelsLike: String
        /// "↑19° ↓11°": today's high and low, the current temperature included.
        var highLow: String
        /// Today's high or low is the current temperature: drawn for attention on colour panels.
        var isTodaysExtreme: Bool
        /// The indoor sensor beside the outdoor temperature, when one is known.
        var indoor: Indoor?
    }

    /// The indoor reading shown beside the outdoor one.
    struct Indoor: Sendable, Hashable {
        /// "21.5°".
        var temperature: String
        /// "45%", when the sensor measures humidity.
        var humidity: String?
    }

    /// One fact of the details block: one or two icon-and-text pieces ("↗ 4 m/s SW · gusts 9"; sunrise
    /// and sunset), in the order people look for them.
    struct Detail: Sendable, Hashable {
        /// What the fact is about; the layout keeps the most wanted kinds when room is short.
        enum Kind: Int, Sendable, Hashable, Comparable {
            case precipitation, wind, humidity, sun, pressure, uvIndex

            static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
        }

        /// An icon and its text.
        struct Piece: Sendable, Hashable {
            var symbol: Symbol
            /// Degrees to turn the icon (the wind arrow), 0 for none.
            var rotation: Double = 0
            var text: String
            /// A shorter form for narrow regions ("15:00 · 60%" for "Rain from 15:00 · 60%"), when
            /// there is one.
            var compactText: String?
            /// The value came from a local sensor.
            var fromSensor = false
        }

        var kind: Kind
        var pieces: [Piece]
        /// A last piece shown only where it fits beside the others (the day's length after sunrise and
        /// sunset).
        var extra: Piece?
        /// Deserves attention (a high UV index, rain now): red on colour panels, bold elsewhere.
        var needsAttention = false
    }

    /// One step of the next hours.
    struct Hour: Sendable, Hashable {
        var time: String
        var symbol: Symbol
        var temperature: String
        /// "60%", the chance of precipitation; `nil` under 10 %, where it is noise.
        var chance: String?
        /// The precipitation expected is mostly snow.
        var isSnow: Bool
    }

    /// One day of the forecast.
    struct Day: Sendable, Hashable {
        var name: String
        var symbol: Symbol
        var high: String
        var low: String
        /// High and low together, for rows.
        var highAndLow: String
        /// "60%", the day's highest chance of precipitation; `nil` under 10 %.
        var chance: String?
        /// "4 mm", the day's amount; `nil` under 0.5 mm.
        var amount: String?
        var isSnow: Bool
        var isToday: Bool
    }

    /// An official warning in force or coming, with its validity.
    struct Alert: Sendable, Hashable {
        /// "Thunderstorm warning".
        var headline: String
        /// "until 22:00" while in force, "from 11:00" before.
        var validity: String
        var isActive: Bool
        /// "+1 more" when other alerts are out too.
        var more: String?
    }

    var city: String
    var dateText: String
    var timeText: String
    /// "17:50 +5:45": the city's time with its zone in short, where `timeText` names a zone.
    var compactTimeText: String?
    /// The date and the time together, for the extra large header.
    var dateAndTimeText: String
    var current: Current?
    /// The details, most wanted first; the layout shows as many as fit.
    var details: [Detail]
    var alert: Alert?
    var hours: [Hour]
    var days: [Day]
    /// The chart's title: "Next 24 h".
    var chartTitle: String
    /// Temperatures over the next 24 hours in display units; `nil` leaves a gap.
    var chart: [Double?]
    /// The chance of precipitation (0…1) at the same points, for bars under the line.
    var chartPrecipitation: [Double?]
    var chartLow: String
    var chartHigh: String
    /// What the chart says without data: "no forecast".
    var chartEmpty: String
    /// The outdoor sensor's last 24 hours as half-hour means in display units, drawn before the forecast
    /// where the layout asks for it; `nil` otherwise. A `nil` value is a gap.
    var pastChart: [Double?]? = nil
    /// The values both halves of that chart are drawn between, so they share one scale.
    var chartRange: ClosedRange<Double>? = nil
    /// "now", marking where the measured past meets the forecast.
    var nowLabel = ""
    var sensors: [SensorRow]
    var status: StatusLine
    /// Set when there are no current conditions: what to say instead.
    var message: String?
}

extension WeatherPanelModel {
    /// The detail of a kind, if the data has it.
    func detail(_ kind: Detail.Kind) -> Detail? {
        details.first { $0.kind == kind }
    }
}
