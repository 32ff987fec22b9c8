import Foundation
import Testing
@testable import Sensors

@Suite("The barometer's 3-hour change, from the store's history")
struct BarometerChangeTests {
    let now = TestMessages.now

    @Test("the store computes the 3-hour change from the barometer's history and hands it to the merge")
    func changeFromStore() async throws {
        let store = try SensorStore(
            settings: SensorSettings(profiles: [
                SensorProfile(match: "garden", displayName: "Garden", role: .outdoor),
                SensorProfile(match: "hall", role: .barometer),
            ]),
            now: { TestMessages.now })
        #expect(try await store.barometerChange(at: now) == nil)
        for minute in stride(from: 0, through: 200, by: 5) {
            let time = now.addingTimeInterval(-Double(200 - minute) * 60)
            _ = await store.apply(
                SensorReading(
                    sensor: SensorID("hall"), ecosystem: .generic, values: [.pressure: 1000 + Double(minute) * 0.02],
                    observedAt: time, timeSource: .payload, arrivedAt: time))
        }
        let change = try #require(try await store.barometerChange(at: now))
        #expect(abs(change.change - 3.6) < 0.11)
        #expect(change.window == .seconds(10_800))
        #expect(change.sensor == SensorID("hall") && change.displayName == "hall")
        let outdoor = try await store.outdoorWeather(at: now)
        #expect(outdoor.barometer == change)
        #expect(outdoor.outdoor == nil)
    }
}
