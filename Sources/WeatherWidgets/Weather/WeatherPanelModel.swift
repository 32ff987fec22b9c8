import InkUI

/// The weather widget's content at one moment, already written out (each text in the form a view shows
/// it), so drawing an entry formats nothing, allocates nothing, and the same entry always draws the
/// same frame.
struct WeatherPanelModel: Sendable, Hashable {
    /// The current conditions, each merged value marked when a local sensor supplied it.
    struct Current: Sendable, Hashable {
        var symbol: Symbol
        var temperature: String
        var condition: String
        var feelsLike: String
        var highLow: String
        /// Feels like and high and low on one line, for the wider families.
        var feelsLikeAndHighLow: String
        var humidity: String
        var wind: String
        /// Where the wind blows to, for the arrow; `nil` without a direction.
        var windArrowDegrees: Double?
        var pressure: String
        var temperatureFromSensor: Bool
        var humidityFromSensor: Bool
        var windFromSensor: Bool
        var pressureFromSensor: Bool
    }

    /// One step of the next hours.
    struct Hour: Sendable, Hashable {
        var time: String
        var symbol: Symbol
        var temperature: String
    }

    /// One day of the forecast.
    struct Day: Sendable, Hashable {
        var name: String
        var symbol: Symbol
        var high: String
        var low: String
        /// High and low together, for rows.
        var highAndLow: String
        var chance: String
    }

    var city: String
    var dateText: String
    var timeText: String
    /// The date and the time together, for the extra large header.
    var dateAndTimeText: String
    var current: Current?
    var hours: [Hour]
    var days: [Day]
    /// Temperatures over the next 24 hours in display units; `nil` leaves a gap.
    var chart: [Double?]
    var chartLow: String
    var chartHigh: String
    var sensors: [SensorRow]
    var status: StatusLine
    /// Set when there are no current conditions: what to say instead.
    var message: String?
}
