import Foundation
import Logging
import ServiceLifecycle
import Testing
@testable import Sensors

@Suite("Store: latest values, batched writes, history, restarts")
struct SensorStoreTests {
    private func reading(
        _ sensor: String, _ values: FieldValues, at time: Date, arrived: Date? = nil, retained: Bool = false,
        ageUnknown: Bool = false, rejections: [FieldRejection] = []
    ) -> SensorReading {
        SensorReading(
            sensor: SensorID(sensor), ecosystem: .generic, values: values, observedAt: time,
            timeSource: ageUnknown ? .arrival : .payload, arrivedAt: arrived ?? time, retained: retained, ageUnknown: ageUnknown,
            rejections: rejections)
    }

    private func settings(_ path: String?, store: StoreSettings = StoreSettings()) -> SensorSettings {
        var store = store
        store.databasePath = path
        return SensorSettings(
            profiles: [SensorProfile(match: "garden", displayName: "Garden", role: .outdoor)], store: store)
    }

    @Test("a hidden sensor is listed and stored, but kept from the panel's list and from the outdoor role")
    func hiddenSensor() async throws {
        let settings = SensorSettings(profiles: [
            SensorProfile(match: "garden", displayName: "Garden", role: .outdoor, hidden: true), SensorProfile(match: "hall", role: .room),
        ])
        let store = try SensorStore(settings: settings, now: { TestMessages.now })
        _ = await store.apply(reading("garden", [.temperature: 12.5], at: TestMessages.now))
        _ = await store.apply(reading("hall", [.temperature: 21], at: TestMessages.now))
        #expect(await store.snapshots().map(\.sensor.rawValue) == ["garden", "hall"])
        #expect(await store.snapshots().first?.hidden == true)
        #expect(await store.shownSnapshots().map(\.sensor.rawValue) == ["hall"])
        #expect(await store.snapshots(withRole: .outdoor).isEmpty, "a hidden outdoor sensor does not stand in for the forecast")
    }

    @Test("values, rejections and availability survive closing and reopening the database")
    func survivesRestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("sensors.sqlite")
        do {
            let store = try SensorStore(settings: settings(path), now: { TestMessages.now })
            _ = await store.apply(reading("garden", [.temperature: 12.5, .humidity: 80], at: TestMessages.now))
            await store.recordRejection(
                source: SensorID("garden"), reason: RejectionReason(.outOfRange, "humidity 140"), at: TestMessages.now)
            await store.recordAvailability(
                SensorAvailability(source: SensorID("garden"), state: .online, arrivedAt: TestMessages.now))
            try await store.flush()
        }
        let reopened = try SensorStore(settings: settings(path), now: { TestMessages.now })
        let snapshot = try #require(await reopened.snapshot(of: SensorID("garden")))
        #expect(snapshot.values[.temperature]?.value == 12.5)
        #expect(snapshot.values[.temperature]?.observedAt == TestMessages.now)
        #expect(snapshot.rejectedCount == 1)
        #expect(snapshot.lastRejection == RejectionReason(.outOfRange, "humidity 140"))
        #expect(snapshot.availability == .online)
        #expect(snapshot.displayName == "Garden")
        #expect(snapshot.role == .outdoor)
    }

    @Test("nothing is written between flushes; one flush writes everything pending in one transaction")
    func batchedWrites() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("sensors.sqlite")
        let store = try SensorStore(settings: settings(path), now: { TestMessages.now })
        for index in 0..<500 {
            _ = await store.apply(
                reading("s\(index % 20)", [.temperature: Double(index % 30)], at: TestMessages.now.addingTimeInterval(Double(index))))
        }
        let reader = try SensorDatabase(path: path, readOnly: true)
        #expect(try reader.load().records.isEmpty)
        try await store.flush()
        let loaded = try reader.load()
        #expect(loaded.records.count == 20)
        #expect(try await reader.historyRowCount(tier: .fine) > 0)
    }

    @Test("the last flush at graceful shutdown writes what is pending")
    func flushOnShutdown() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("sensors.sqlite")
        let store = try SensorStore(
            settings: settings(path, store: StoreSettings(flushInterval: .seconds(3600))), now: { TestMessages.now })
        let group = ServiceGroup(
            configuration: .init(services: [.init(service: store)], logger: Logger(label: "test")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            _ = await store.apply(reading("garden", [.temperature: 9], at: TestMessages.now))
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        let loaded = try SensorDatabase(path: path, readOnly: true).load()
        #expect(loaded.records[SensorID("garden")]?.values[.temperature]?.value == 9)
    }

    @Test("an idle store does not wake: the flush timer starts with the first pending write")
    func flushOnlyWhenPending() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("sensors.sqlite")
        let clock = GateClock()
        let store = try SensorStore(settings: settings(path), now: { TestMessages.now }, clock: clock)
        let group = ServiceGroup(configuration: .init(services: [.init(service: store)], logger: Logger(label: "test")))
        let running = Task { try await group.run() }
        var sleeps = clock.sleeps.makeAsyncIterator()
        // Room for a store that sleeps without a reason to show it.
        try await Task.sleep(for: .milliseconds(300))
        #expect(clock.startedCount == 0, "nothing pending, no timer")

        _ = await store.apply(reading("garden", [.temperature: 9], at: TestMessages.now))
        _ = await sleeps.next()
        let reader = try SensorDatabase(path: path, readOnly: true)
        #expect(try reader.load().records.isEmpty, "written only once the flush interval has passed")
        clock.wakeSleepers()
        var polls = 0
        while try reader.load().records.isEmpty, polls < 500 {
            try await Task.sleep(for: .milliseconds(20))
            polls += 1
        }
        #expect(try reader.load().records[SensorID("garden")]?.values[.temperature]?.value == 9)
        try await Task.sleep(for: .milliseconds(300))
        #expect(clock.startedCount == 1, "written, idle again: no further timer")

        _ = await store.apply(reading("garden", [.temperature: 10], at: TestMessages.now))
        _ = await sleeps.next()
        #expect(clock.startedCount == 2)
        await group.triggerGracefulShutdown()
        try await running.value
    }

    @Test("history keeps one-minute buckets with mean, extremes and last value, including unflushed readings")
    func fineHistory() async throws {
        let store = try SensorStore(settings: settings(nil), now: { TestMessages.now })
        let start = TestMessages.now.addingTimeInterval(-3600)
        for (offset, value) in [(0.0, 10.0), (20, 12), (40, 14), (60, 20), (185, 30)] {
            _ = await store.apply(reading("garden", [.temperature: value], at: start.addingTimeInterval(offset), arrived: TestMessages.now))
        }
        try await store.flush()
        _ = await store.apply(reading("garden", [.temperature: 22], at: start.addingTimeInterval(70), arrived: TestMessages.now))
        let points = try await store.history(of: SensorID("garden"), field: .temperature, from: start, to: TestMessages.now)
        #expect(points.map(\.time) == [start, start.addingTimeInterval(60), start.addingTimeInterval(180)])
        #expect(points[0].mean == 12 && points[0].minimum == 10 && points[0].maximum == 14 && points[0].last == 14)
        #expect(points[1].count == 2 && points[1].mean == 21 && points[1].last == 22)
        #expect(points.allSatisfy { $0.width == 60 })
    }

    @Test("beyond the fine retention history is downsampled to hourly buckets, and old rows are pruned")
    func downsamplingAndPruning() async throws {
        let clock = ManualClock()
        let store = try SensorStore(
            settings: settings(nil, store: StoreSettings(fineRetention: .seconds(26 * 3600), coarseRetention: .seconds(3 * 86_400))),
            now: clock.closure)
        let twoDaysAgo = TestMessages.now.addingTimeInterval(-2 * 86_400)
        for minute in 0..<120 {
            _ = await store.apply(
                reading("garden", [.pressure: 1000 + Double(minute) / 10], at: twoDaysAgo.addingTimeInterval(Double(minute) * 60),
                        arrived: TestMessages.now))
        }
        try await store.flush()
        let points = try await store.history(
            of: SensorID("garden"), field: .pressure, from: twoDaysAgo, to: twoDaysAgo.addingTimeInterval(3 * 3600))
        #expect(points.count == 2)
        #expect(points.allSatisfy { $0.width == 3600 && $0.count == 60 })
        #expect(abs(points[0].mean - (1000 + 2.95)) < 1e-9)

        clock.advance(by: 2 * 86_400)
        _ = await store.apply(reading("garden", [.pressure: 1010], at: clock.now))
        try await store.flush()
        let pruned = try await store.history(
            of: SensorID("garden"), field: .pressure, from: twoDaysAgo, to: twoDaysAgo.addingTimeInterval(3 * 3600))
        #expect(pruned.isEmpty)
    }

    @Test("an older or age-unknown reading does not replace a newer value")
    func replacementRules() async throws {
        let store = try SensorStore(settings: settings(nil), now: { TestMessages.now })
        _ = await store.apply(reading("garden", [.temperature: 15], at: TestMessages.now))
        _ = await store.apply(reading("garden", [.temperature: 11], at: TestMessages.now.addingTimeInterval(-600)))
        _ = await store.apply(reading("garden", [.temperature: 30], at: TestMessages.now, retained: true, ageUnknown: true))
        #expect(await store.snapshot(of: SensorID("garden"))?.values[.temperature]?.value == 15)
        _ = await store.apply(reading("retained", [.temperature: 7], at: TestMessages.now, retained: true, ageUnknown: true))
        let retained = try #require(await store.snapshot(of: SensorID("retained"))?.values[.temperature])
        #expect(retained.ageUnknown)
        #expect(!retained.isCurrent(at: TestMessages.now, staleAfter: .seconds(1800)))
        _ = await store.apply(reading("retained", [.temperature: 7.5], at: TestMessages.now.addingTimeInterval(5)))
        #expect(await store.snapshot(of: SensorID("retained"))?.values[.temperature]?.ageUnknown == false)
    }

    @Test("a damaged database file gives an error that says what to do")
    func damagedFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("sensors.sqlite")
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try SensorStore(settings: settings(path))
        } throws: { error in
            "\(error)".contains("move the damaged file aside")
        }
    }
}
