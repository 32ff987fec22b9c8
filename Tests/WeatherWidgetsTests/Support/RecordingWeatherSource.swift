import Foundation
import Synchronization
import WeatherInfoKit

/// A weather source that answers with one report and records how it was asked: `true` for a forced
/// fetch, `false` for a fetch when due, `nil` for a cache read.
final class RecordingWeatherSource: WeatherSource {
    let report: WeatherReport
    private let requests = Mutex<[Bool?]>([])

    init(report: WeatherReport) {
        self.report = report
    }

    var recorded: [Bool?] { requests.withLock { $0 } }

    func weather(for location: Location, force: Bool) -> WeatherReport {
        requests.withLock { $0.append(force) }
        return report
    }

    func cachedWeather(for location: Location) -> WeatherReport {
        requests.withLock { $0.append(nil) }
        return report
    }

    func nextRefreshDate(for location: Location) -> Date { report.nextRefreshDate }
    func locations(matching name: String) throws(WeatherFault) -> [Location] { [] }
    func status() -> WeatherServiceStatus {
        WeatherServiceStatus(provider: "recording test source", keySource: nil, callsToday: 0, dailyCallLimit: 0, locations: [])
    }
}
