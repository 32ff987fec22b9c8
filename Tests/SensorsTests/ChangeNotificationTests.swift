import Foundation
import Testing
@testable import Sensors

@Suite("Change notifications follow what the panel shows")
struct ChangeNotificationTests {
    private func reading(_ sensor: String, _ values: FieldValues, at offset: TimeInterval) -> SensorReading {
        let time = TestMessages.now.addingTimeInterval(offset)
        return SensorReading(
            sensor: SensorID(sensor), ecosystem: .generic, values: values, observedAt: time, timeSource: .payload,
            arrivedAt: time)
    }

    private func makeStore() throws -> SensorStore {
        try SensorStore(
            settings: SensorSettings(
                profiles: [SensorProfile(match: "garden", role: .outdoor, staleAfter: .seconds(600))]),
            now: { TestMessages.now })
    }

    @Test("repeats and changes below the shown resolution emit nothing; a visible change emits once")
    func resolution() async throws {
        let store = try makeStore()
        var changes = store.changes().makeAsyncIterator()
        _ = await store.apply(reading("garden", [.temperature: 20.0, .humidity: 50], at: 0))
        _ = await store.apply(reading("garden", [.temperature: 20.0, .humidity: 50], at: 10))
        _ = await store.apply(reading("garden", [.temperature: 20.04, .humidity: 50.3], at: 20))
        _ = await store.apply(reading("garden", [.temperature: 20.2, .humidity: 50.3], at: 30))
        let first = await changes.next()
        #expect(first == SensorChange(sensor: SensorID("garden"), fields: [.temperature, .humidity], role: .outdoor, availabilityChanged: false))
        let second = await changes.next()
        #expect(second?.fields == [.temperature])
    }

    @Test("a value that was stale and is current again is a change, even when equal")
    func staleToFresh() async throws {
        let store = try makeStore()
        var changes = store.changes().makeAsyncIterator()
        _ = await store.apply(reading("garden", [.temperature: 20], at: 0))
        _ = await store.apply(reading("garden", [.temperature: 20], at: 3600))
        _ = await store.apply(reading("garden", [.temperature: 20], at: 3660))
        _ = await store.apply(reading("garden", [.temperature: 25], at: 3720))
        #expect(await changes.next()?.fields == [.temperature])
        let afterStale = await changes.next()
        #expect(afterStale?.fields == [.temperature])
        let next = await changes.next()
        #expect(next?.fields == [.temperature])
        #expect(await store.snapshot(of: SensorID("garden"))?.values[.temperature]?.value == 25)
    }

    @Test("an availability change notifies the device's sensors; a repeated one does not")
    func availability() async throws {
        let store = try makeStore()
        _ = await store.apply(reading("node/temperature", [.temperature: 20], at: 0))
        _ = await store.apply(reading("other", [.temperature: 20], at: 0))
        var changes = store.changes().makeAsyncIterator()
        let offline = SensorAvailability(source: SensorID("node"), state: .offline, arrivedAt: TestMessages.now)
        await store.recordAvailability(offline)
        await store.recordAvailability(offline)
        _ = await store.apply(reading("other", [.temperature: 21], at: 5))
        let first = await changes.next()
        #expect(first == SensorChange(sensor: SensorID("node/temperature"), fields: [], role: nil, availabilityChanged: true))
        #expect(await changes.next()?.sensor == SensorID("other"))
        #expect(await store.snapshot(of: SensorID("node/temperature"))?.availability == .offline)
    }

    @Test("several listeners each get every change; a stopped listener is forgotten")
    func listeners() async throws {
        let store = try makeStore()
        var first = store.changes().makeAsyncIterator()
        do {
            let dropped = store.changes()
            _ = dropped
        }
        var second = store.changes().makeAsyncIterator()
        _ = await store.apply(reading("garden", [.temperature: 1], at: 0))
        #expect(await first.next()?.sensor == SensorID("garden"))
        #expect(await second.next()?.sensor == SensorID("garden"))
    }

    @Test("a batch notifies once per sensor, with every field it changed, in order of first change")
    func batchNotifiesOncePerSensor() async throws {
        let store = try makeStore()
        var changes = store.changes().makeAsyncIterator()
        let outcomes = await store.apply([
            .reading(reading("garden", [.temperature: 20], at: 0)),
            .reading(reading("attic", [.temperature: 15], at: 1)),
            .reading(reading("garden", [.humidity: 60], at: 2)),
            .reading(reading("garden", [.temperature: 21], at: 3)),
        ])
        #expect(outcomes == [.stored, .stored, .stored, .stored])
        #expect(await changes.next() == SensorChange(sensor: SensorID("garden"), fields: [.temperature, .humidity], role: .outdoor, availabilityChanged: false))
        #expect(await changes.next()?.sensor == SensorID("attic"))
        _ = await store.apply([.reading(reading("attic", [.temperature: 16], at: 4))])
        #expect(await changes.next()?.sensor == SensorID("attic"))
    }
}
