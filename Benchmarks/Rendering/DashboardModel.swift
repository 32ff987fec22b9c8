import InkUI

/// The data of the benchmark dashboard, built once so that rendering, not string formatting, is measured.
struct DashboardModel {
    struct Hour {
        let time: String
        let symbol: Symbol
        let temperature: String
    }

    struct Day {
        let name: String
        let symbol: Symbol
        let range: String
    }

    struct Reading {
        let name: String
        let value: String
        let indoor: Bool
        let batteryLow: Bool
    }

    let city: String
    let date: String
    let time: String
    let symbol: Symbol
    let temperature: String
    let condition: String
    let feelsLike: String
    let humidity: String
    let wind: String
    let windDegrees: Double
    let pressure: String
    let sunrise: String
    let sunset: String
    let temperatures: [Double?]
    let precipitation: [Double?]
    let chartLow: String
    let chartHigh: String
    let hours: [Hour]
    let days: [Day]
    let readings: [Reading]
    let footer: String

    static let sample = DashboardModel(
        city: "Kraków", date: "Tuesday 14 May", time: "14:05", symbol: .cloudSunRain,
        temperature: "21°", condition: "Light rain", feelsLike: "Feels like 19°", humidity: "Humidity 64 %",
        wind: "Wind 14 km/h SW", windDegrees: 45, pressure: "1013 hPa", sunrise: "05:02", sunset: "20:11",
        temperatures: [12, 11.5, 11, 10.6, 10.4, 11, 12.8, 14.5, 16.2, 17.9, 19.4, 20.6, 21.3, 21.8, nil, 21.2, 20.1, 18.6, 17, 15.8, 14.9, 14.1, 13.5, 13],
        precipitation: [0, 0, 0, 0.2, 0.6, 1.8, 2.4, 0.9, 0.1, 0, 0, 0],
        chartLow: "10°", chartHigh: "22°",
        hours: [
            Hour(time: "15:00", symbol: .cloudSunRain, temperature: "21°"), Hour(time: "16:00", symbol: .cloudRain, temperature: "20°"),
            Hour(time: "17:00", symbol: .cloudHeavyRain, temperature: "19°"), Hour(time: "18:00", symbol: .cloudBolt, temperature: "18°"),
            Hour(time: "19:00", symbol: .clouds, temperature: "17°"), Hour(time: "20:00", symbol: .cloudSun, temperature: "16°"),
            Hour(time: "21:00", symbol: .cloudMoon, temperature: "15°"), Hour(time: "22:00", symbol: .moon, temperature: "14°"),
        ],
        days: [
            Day(name: "Wed", symbol: .sun, range: "24° / 12°"), Day(name: "Thu", symbol: .cloudSun, range: "22° / 11°"),
            Day(name: "Fri", symbol: .cloudRain, range: "17° / 9°"), Day(name: "Sat", symbol: .cloudSnow, range: "6° / -2°"),
            Day(name: "Sun", symbol: .fog, range: "9° / 3°"),
        ],
        readings: [
            Reading(name: "Living room", value: "22.4 °C", indoor: true, batteryLow: false),
            Reading(name: "Bedroom", value: "19.8 °C", indoor: true, batteryLow: true),
            Reading(name: "Balcony", value: "20.9 °C", indoor: false, batteryLow: false),
            Reading(name: "Cellar", value: "61 %", indoor: true, batteryLow: false),
        ],
        footer: "Updated 14:05 · OpenWeatherMap")
}
