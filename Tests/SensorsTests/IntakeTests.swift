import Foundation
import InMemoryLogging
import Logging
import MQTTConnection
import Testing
@testable import Sensors

@Suite("Intake: flood limits, de-duplication, bounds, throttled logs")
struct IntakeTests {
    private func makeIntake(
        limits: IntakeLimits = IntakeLimits(), profiles: [SensorProfile] = [], logger: Logger = Logger(label: "test")
    ) throws -> (SensorIntake, SensorStore) {
        let settings = TestMessages.settings(profiles: profiles, limits: limits)
        let store = try SensorStore(settings: settings, now: { TestMessages.now })
        return (SensorIntake(settings: settings, store: store, logger: logger), store)
    }

    private func message(_ topic: String, _ payload: String, at offset: TimeInterval = 0, retained: Bool = false)
        -> IncomingMessage
    {
        IncomingMessage(
            topic: topic, payload: Array(payload.utf8), retained: retained, arrivedAt: TestMessages.now.addingTimeInterval(offset))
    }

    @Test("a device flooding five messages a second keeps its rate, the excess is counted per sensor")
    func floodLimit() async throws {
        let (intake, store) = try makeIntake(limits: IntakeLimits(burstPerSensor: 5, messagesPerMinutePerSensor: 60))
        for index in 0..<50 {
            await intake.process(message("zigbee2mqtt/flood", #"{"temperature":\#(20 + Double(index) / 10)}"#, at: Double(index) * 0.2))
        }
        let statistics = await intake.statistics
        // 10 s at 1/s after a burst of 5: about 15 kept.
        #expect((14...16).contains(statistics.stored))
        #expect(statistics.rateLimited == 50 - statistics.stored)
        let snapshot = try #require(await store.snapshot(of: SensorID("zigbee2mqtt/flood")))
        #expect(snapshot.rejectedCount == statistics.rateLimited)
        #expect(snapshot.lastRejection?.code == .rateLimited)
    }

    @Test("repeats of the same reading are dropped as duplicates, not counted as rejections")
    func duplicates() async throws {
        let (intake, store) = try makeIntake()
        let payload = #"{"time":"2025-06-14 09:56:51","model":"TFA-303221","id":243,"channel":1,"temperature_C":22.5,"humidity":29}"#
        for _ in 0..<3 { await intake.process(message("rtl_433/pi/events", payload)) }
        let statistics = await intake.statistics
        #expect(statistics.stored == 1)
        #expect(statistics.duplicates == 2)
        #expect(await store.snapshot(of: SensorID("TFA-303221/1/243"))?.rejectedCount == 0)
    }

    @Test("the number of sensors is capped; configured sensors always get a place")
    func sensorLimit() async throws {
        let (intake, store) = try makeIntake(
            limits: IntakeLimits(maxSensors: 3), profiles: [SensorProfile(match: "garden", role: .outdoor)])
        for index in 0..<10 {
            await intake.process(message("socket", #"{"sensor":"s\#(index)","temperature_C":20}"#))
        }
        await intake.process(message("socket", #"{"sensor":"garden","temperature_C":15}"#))
        let sensors = await store.snapshots().map(\.sensor.rawValue)
        #expect(sensors == ["garden", "s0", "s1", "s2"])
        #expect(await intake.statistics.refusedSensorLimit == 7)
        #expect(await store.untrackedRejections == 7)
    }

    @Test("a message without values does not create a sensor, and does not blank its values")
    func noValues() async throws {
        let (intake, store) = try makeIntake()
        await intake.process(message("rtl_433/pi/events", #"{"model":"Fineoffset-WHx080","id":158,"subtype":1,"radio_clock":"2020-03-02T11:05:42"}"#))
        #expect(await store.snapshots().isEmpty)
        await intake.process(message("rtl_433/pi/events", #"{"model":"Fineoffset-WHx080","id":158,"subtype":0,"temperature_C":4.5}"#))
        await intake.process(message("rtl_433/pi/events", #"{"model":"Fineoffset-WHx080","id":158,"subtype":1,"radio_clock":"2020-03-02T11:05:42"}"#, at: 60))
        let snapshot = try #require(await store.snapshot(of: SensorID("Fineoffset-WHx080/158")))
        #expect(snapshot.values[.temperature]?.value == 4.5)
        #expect(snapshot.lastSeen == TestMessages.now.addingTimeInterval(60))
    }

    @Test("rejections are counted per sensor with the last reason")
    func rejectionCounts() async throws {
        let (intake, store) = try makeIntake()
        await intake.process(message("zigbee2mqtt/a", #"{"temperature":"error"}"#))
        await intake.process(message("zigbee2mqtt/a", #"{"temperature":20,"humidity":"--"}"#, at: 1))
        await intake.process(message("zigbee2mqtt/a", #"{"temperature":"#, at: 2))
        let snapshot = try #require(await store.snapshot(of: SensorID("zigbee2mqtt/a")))
        #expect(snapshot.rejectedCount == 3)
        #expect(snapshot.lastRejection?.code == .malformedPayload)
        #expect(snapshot.values[.temperature]?.value == 20)
    }

    @Test("Home Assistant metadata learned from one topic applies to later states")
    func learnsUnits() async throws {
        let (intake, store) = try makeIntake()
        await intake.process(message("homeassistant/sensor/porch_temperature/unit_of_measurement", #""°F""#, retained: true))
        await intake.process(message("homeassistant/sensor/porch_temperature/state", "50"))
        let snapshot = try #require(await store.snapshot(of: SensorID("ha/sensor.porch_temperature")))
        #expect(abs(snapshot.values[.temperature]!.value - 10) < 1e-9)
        #expect(snapshot.values[.temperature]?.unitAssumed == false)
    }

    @Test("the hub's own availability topic is not decoded")
    func ownTopic() async throws {
        let settings = SensorSettings(broker: BrokerSettings(availabilityTopic: "weatherhub/status"))
        let store = try SensorStore(settings: settings, now: { TestMessages.now })
        let intake = SensorIntake(settings: settings, store: store)
        await intake.process(message("weatherhub/status", "online"))
        #expect(await intake.statistics.ignored == 1)
        #expect(await intake.statistics.availability == 0)
    }

    @Test("refusal logs stay within the per-minute budget and say how many were held back")
    func throttledLogs() async throws {
        let handler = InMemoryLogHandler()
        let logger = Logger(label: "test", factory: { _ in handler })
        let (intake, _) = try makeIntake(limits: IntakeLimits(logLinesPerMinute: 3), logger: logger)
        for index in 0..<1000 {
            await intake.process(message("zigbee2mqtt/bad\(index % 7)", "{", at: Double(index) * 0.01))
        }
        #expect(handler.entries.count == 3)
        await intake.process(message("zigbee2mqtt/bad", "{", at: 61))
        #expect(handler.entries.count == 4)
        #expect(handler.entries.last?.metadata["log.suppressed"] == "997")
    }

    @Test("flood and duplicate state stays bounded: beyond capacity the oldest entries are forgotten")
    func boundedState() {
        var floodGuard = FloodGuard<SensorID>(burst: 1, perMinute: 1, capacity: 4)
        let first = SensorID("first")
        let firstTime = floodGuard.permits(first, at: TestMessages.now)
        let secondTime = floodGuard.permits(first, at: TestMessages.now)
        #expect(firstTime && !secondTime)
        for index in 0..<10 { _ = floodGuard.permits(SensorID("s\(index)"), at: TestMessages.now) }
        let forgotten = floodGuard.permits(first, at: TestMessages.now)
        #expect(forgotten, "a bucket dropped at capacity starts full again")

        var duplicates = DuplicateFilter(capacity: 4)
        func reading(_ name: String) -> SensorReading {
            SensorReading(
                sensor: SensorID(name), ecosystem: .generic, values: [.temperature: 1], observedAt: TestMessages.now,
                timeSource: .arrival, arrivedAt: TestMessages.now)
        }
        let original = duplicates.isDuplicate(reading("first"))
        let repeated = duplicates.isDuplicate(reading("first"))
        #expect(!original && repeated)
        for index in 0..<10 { _ = duplicates.isDuplicate(reading("s\(index)")) }
        let afterOthers = duplicates.isDuplicate(reading("first"))
        #expect(!afterOthers, "the filter forgets beyond its capacity")
    }

    @Test("a batch is processed in arrival order and counted as a whole")
    func batchInOrder() async throws {
        let (intake, store) = try makeIntake()
        await intake.process([
            message("zigbee2mqtt/porch", #"{"temperature":10}"#, at: 0),
            message("zigbee2mqtt/porch", #"{"temperature":"ten"}"#, at: 1),
            message("zigbee2mqtt/porch", #"{"temperature":11}"#, at: 2),
            message("zigbee2mqtt/porch", #"{"temperature":12}"#, at: 3),
        ])
        let statistics = await intake.statistics
        #expect(statistics.received == 4)
        #expect(statistics.stored == 3)
        #expect(statistics.rejected == 1)
        let snapshot = try #require(await store.snapshot(of: SensorID("zigbee2mqtt/porch")))
        #expect(snapshot.values[.temperature]?.value == 12)
        #expect(snapshot.rejectedCount == 1)
    }
}
