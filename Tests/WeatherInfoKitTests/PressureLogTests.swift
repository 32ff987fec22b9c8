import Foundation
import Testing
@testable import WeatherInfoKit

@Suite("The provider's pressure log")
struct PressureLogTests {
    private let start = Date(timeIntervalSince1970: 1_778_760_000)

    private func log(_ values: [(minutes: Double, hPa: Double)]) -> PressureLog {
        values.reduce(PressureLog()) { log, value in
            log.adding(PressureLog.Observation(time: start.addingTimeInterval(value.minutes * 60), hectopascals: value.hPa))
        }
    }

    @Test("the change over three hours runs from the observation nearest three hours back to the newest")
    func changeOverThreeHours() throws {
        let log = log([(0, 1010), (170, 1012), (185, 1013), (200, 1013.5), (360, 1016)])
        let change = try #require(log.change(over: 3 * 3600))
        // 360 min is the newest; 180 min before it is nearest to 185.
        #expect(change.hectopascals == 3)
        #expect(change.interval == 175 * 60)
    }

    @Test("no change without an observation within 45 minutes of three hours back")
    func noChangeWithoutPast() {
        #expect(log([(0, 1010), (60, 1011), (120, 1012)]).change(over: 3 * 3600) == nil)
        #expect(log([(0, 1010), (240, 1012)]).change(over: 3 * 3600) == nil)
        #expect(PressureLog().change(over: 3 * 3600) == nil)
    }

    @Test("a repeated observation time replaces the old value; old and non-finite observations are dropped")
    func keepsTheLogSmall() {
        let log = log([(0, 1000), (10, 1001), (10, 1002), (365, 1005), (380, .nan)])
        #expect(log.observations.map(\.hectopascals) == [1002, 1005])
        #expect(log.observations.first?.time == start.addingTimeInterval(600))
    }

    @Test("a log survives the disk cache, and a forecast cached before alerts existed still loads")
    func codable() throws {
        let log = log([(0, 1010), (180, 1013)])
        let decoded = try JSONDecoder().decode(PressureLog.self, from: JSONEncoder().encode(log))
        #expect(decoded == log)
        let forecast = Forecast(slots: [], slotHours: 3, utcOffsetSeconds: 3600)
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(forecast)) as? [String: Any])
        object["alerts"] = nil
        let old = try JSONDecoder().decode(Forecast.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(old.alerts.isEmpty)
        #expect(old == forecast)
    }
}
