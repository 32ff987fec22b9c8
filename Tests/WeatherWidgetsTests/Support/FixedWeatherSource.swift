import Foundation
import WeatherInfoKit

/// A weather source that always answers with one report: for stale, faulty and missing data.
struct FixedWeatherSource: WeatherSource {
    let report: WeatherReport

    func weather(for location: Location, force: Bool) -> WeatherReport { report }
    func cachedWeather(for location: Location) -> WeatherReport { report }
    func nextRefreshDate(for location: Location) -> Date { report.nextRefreshDate }
    func locations(matching name: String) throws(WeatherFault) -> [Location] { [] }
    func status() -> WeatherServiceStatus {
        WeatherServiceStatus(provider: "fixed test report", keySource: nil, callsToday: 0, dailyCallLimit: 0, locations: [])
    }
}
