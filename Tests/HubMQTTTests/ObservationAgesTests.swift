import Foundation
@testable import HubMQTT
import Sensors
import WeatherWidgets
import Testing

@Suite("Observation ages")
struct ObservationAgesTests {
    @Test("an unchanged value keeps the age it had when first seen; a new observation gets its own")
    func ages() {
        var ages = ObservationAges()
        let observed = Date(timeIntervalSince1970: 1_000_000)
        let value = ShownValue(value: 20, source: .provider, observedAt: observed)
        #expect(ages.age(of: value, for: .temperature, at: observed + 30) == 30)
        #expect(ages.age(of: value, for: .temperature, at: observed + 300) == 30)
        let newer = ShownValue(value: 20, source: .provider, observedAt: observed + 600)
        #expect(ages.age(of: newer, for: .temperature, at: observed + 610) == 10)
        #expect(ages.age(of: value, for: .humidity, at: observed + 900) == 900)
    }
}
