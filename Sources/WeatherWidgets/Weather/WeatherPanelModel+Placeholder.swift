import InkUI

extension WeatherPanelModel {
    /// Shapes of typical content, drawn redacted while nothing is known (never shown as data).
    static let placeholder = WeatherPanelModel(
        city: "Weather city", dateText: "Mon 1 Jan", timeText: "00:00", dateAndTimeText: "Mon 1 Jan  00:00",
        current: Current(
            symbol: .cloudSun, temperature: "20°", condition: "Conditions", feelsLike: "Feels 20°", highLow: "H 20° L 10°",
            feelsLikeAndHighLow: "Feels 20°  H 20° L 10°",
            humidity: "50 %", wind: "5 m/s W", windArrowDegrees: nil, pressure: "1000 hPa", temperatureFromSensor: false,
            humidityFromSensor: false, windFromSensor: false, pressureFromSensor: false),
        hours: (0..<8).map { _ in Hour(time: "00:00", symbol: .cloud, temperature: "20°") },
        days: (0..<5).map { _ in Day(name: "Day", symbol: .cloud, high: "20°", low: "10°", highAndLow: "20° 10°", chance: "10 %") },
        chart: [], chartLow: "", chartHigh: "",
        sensors: [],
        status: StatusLine(text: "Updated 00:00", isWarning: false),
        message: nil)
}
