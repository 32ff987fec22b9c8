import InkUI

extension WeatherPanelModel {
    /// Shapes of typical content, drawn redacted while nothing is known (never shown as data).
    static let placeholder = WeatherPanelModel(
        city: "Weather city", dateText: "Mon 1 Jan", timeText: "00:00", dateAndTimeText: "Mon 1 Jan  00:00",
        current: Current(
            symbol: .cloudSun, temperature: "20°", temperatureFromSensor: false, condition: "Conditions", feelsLike: "Feels 20°",
            highLow: "↑20° ↓10°", isTodaysExtreme: false, indoor: nil),
        details: [
            Detail(kind: .precipitation, pieces: [Detail.Piece(symbol: .umbrella, text: "Rain from 00:00")]),
            Detail(kind: .wind, pieces: [Detail.Piece(symbol: .wind, text: "5 m/s W")]),
            Detail(kind: .humidity, pieces: [Detail.Piece(symbol: .droplet, text: "50%")]),
        ],
        alert: nil,
        hours: (0..<8).map { _ in Hour(time: "00:00", symbol: .cloud, temperature: "20°", chance: nil, isSnow: false) },
        days: (0..<5).map { _ in
            Day(name: "Day", symbol: .cloud, high: "20°", low: "10°", highAndLow: "20° 10°", chance: nil, amount: nil, isSnow: false, isToday: false)
        },
        chartTitle: "Next 24 h", chart: [], chartPrecipitation: [], chartLow: "", chartHigh: "", chartEmpty: "",
        sensors: [],
        status: StatusLine(text: "Updated 00:00", isWarning: false),
        message: nil)
}
