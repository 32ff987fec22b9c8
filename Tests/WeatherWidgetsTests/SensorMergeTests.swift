import Foundation
import InkWidgets
import Sensors
import Testing
import WeatherInfoKit
@testable import WeatherWidgets

@Suite("Weather widget with local sensors (a real store on SQLite)")
struct SensorMergeTests {
    private func firstEntry(_ store: SensorStore) async throws -> (WeatherEntry, Timeline<WeatherEntry>) {
        let data = try TestData.context(sensors: store)
        let timeline = await WeatherTimelineProvider(data: data).timeline(in: TestData.providerContext(.extraLarge, 800, 480))
        return (try #require(timeline.entries.first), timeline)
    }

    @Test("a fresh outdoor reading replaces the provider's temperature and humidity, marked as a sensor value")
    func freshReplaces() async throws {
        let store = try TestSensors.store(now: TestData.now)
        await TestSensors.send(#"{"sensor":"garden","temperature":23.4,"humidity":41}"#, sensor: "garden", age: 120, to: store, now: TestData.now)
        let (entry, timeline) = try await firstEntry(store)
        let current = try #require(entry.model.current)
        #expect(current.temperature == "23°")
        #expect(current.temperatureFromSensor)
        let humidity = try #require(entry.model.detail(.humidity)?.pieces.first)
        #expect(humidity.text == "41%")
        #expect(humidity.fromSensor)
        #expect(entry.model.detail(.wind)?.pieces.first?.fromSensor == false)
        // The reading goes stale 30 minutes after it was taken: an entry there falls back to the provider.
        let staleDate = TestData.now - 120 + 1800 + 1
        let fallback = try #require(timeline.entries.first { $0.date == staleDate })
        #expect(fallback.model.current?.temperatureFromSensor == false)
        let demoTemperature = try #require(TestData.demoReport().current?.value.temperature)
        #expect(fallback.model.current?.temperature == "\(PanelFormatter.rounded(demoTemperature))°")
    }

    @Test("today's high and low include the temperature now, in the hero and in the five days alike")
    func todaysExtremes() async throws {
        let store = try TestSensors.store(now: TestData.now)
        await TestSensors.send(#"{"sensor":"garden","temperature":31.2}"#, sensor: "garden", age: 60, to: store, now: TestData.now)
        let (entry, _) = try await firstEntry(store)
        let today = try #require(entry.model.days.first { $0.isToday })
        #expect(today.high == "31°")
        #expect(entry.model.current?.highLow.hasPrefix("↑31°") == true)
        #expect(entry.model.current?.isTodaysExtreme == true)
    }

    @Test("a stale outdoor reading does not replace the provider's values")
    func staleDoesNot() async throws {
        let store = try TestSensors.store(now: TestData.now)
        await TestSensors.send(#"{"sensor":"garden","temperature":35.0}"#, sensor: "garden", age: 7200, to: store, now: TestData.now)
        let (entry, _) = try await firstEntry(store)
        let current = try #require(entry.model.current)
        #expect(!current.temperatureFromSensor)
        #expect(current.temperature != "35°")
    }

    @Test("the extra-large widget and the sensors widget list rooms with age, battery and staleness")
    func sensorRows() async throws {
        let store = try await TestSensors.populated(now: TestData.now)
        let (entry, _) = try await firstEntry(store)
        #expect(entry.model.sensors.map(\.name) == ["Garden", "Bedroom", "Cellar", "Living room"])
        let bedroom = try #require(entry.model.sensors.first { $0.name == "Bedroom" })
        #expect(bedroom.batteryLow)
        #expect(bedroom.values == "19.6 °C  52%")
        #expect(bedroom.age == "now")
        let cellar = try #require(entry.model.sensors.first { $0.name == "Cellar" })
        #expect(cellar.isStale)
        #expect(cellar.age == "2 h old")

        let data = try TestData.context(sensors: store)
        let sensors = await SensorsTimelineProvider(data: data).timeline(in: TestData.providerContext(.medium, 296, 128))
        #expect(sensors.entries[0].rows == entry.model.sensors)
        #expect(sensors.policy == .atEnd)
        // The living room reading (5 min old, 30 min limit) goes stale just after now + 25 min.
        #expect(sensors.entries.map(\.date).contains(TestData.now + 1501))
    }

    @Test("without a sensor store the sensors widget says so")
    func noStore() async throws {
        let data = try TestData.context()
        let timeline = await SensorsTimelineProvider(data: data).timeline(in: TestData.providerContext(.small, 250, 122))
        #expect(timeline.entries[0].message?.hasPrefix("No sensors configured") == true)
    }
}
