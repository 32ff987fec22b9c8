#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import Logging
public import ServiceLifecycle

/// The latest value of every sensor field, a bounded history for charts, availability and rejection
/// counts — in memory for the widgets, mirrored to SQLite in batches (one transaction per
/// `flushInterval`, however many messages arrive) so it survives restarts and power cuts.
///
/// Run it as a `Service`: `run()` flushes periodically and once more on graceful shutdown.
public actor SensorStore: Service {
    /// What happened to a reading handed to the store.
    enum ApplyOutcome: Equatable {
        /// Kept.
        case stored
        /// A new sensor while `maxSensors` are tracked.
        case refusedSensorLimit
        /// A reading without values from a sensor the store does not track: not worth a place.
        case notTracked
    }

    private let database: SensorDatabase
    private let profiles: SensorProfiles
    private let storeSettings: StoreSettings
    private let maxSensors: Int
    private let now: @Sendable () -> Date
    private let clock: any Clock<Duration>
    private let logger: Logger
    private let broadcaster = ChangeBroadcaster()

    private var records: [SensorID: SensorRecord]
    private var availability: [String: SensorAvailability]
    private var overflowRejections: Int
    private var pending = PendingWrites()
    private var lastPrune: Date?

    /// Opens (or creates) the database named in `settings.store` and loads what it holds.
    /// - Parameters:
    ///   - now: the wall clock, injected for tests.
    ///   - clock: paces the periodic flush.
    public init(
        settings: SensorSettings, now: @escaping @Sendable () -> Date = { Date() },
        clock: any Clock<Duration> = ContinuousClock(), logger: Logger = Logger(label: "weatherhub.sensors.store")
    ) throws(SensorStoreError) {
        database = try SensorDatabase(path: settings.store.databasePath)
        let loaded = try database.load()
        records = loaded.records
        availability = loaded.availability
        overflowRejections = loaded.overflowRejections
        profiles = SensorProfiles(settings.profiles, defaultStaleAfter: settings.defaultStaleAfter)
        storeSettings = settings.store
        maxSensors = settings.limits.maxSensors
        self.now = now
        self.clock = clock
        self.logger = logger
    }

    /// Flushes every `flushInterval` until graceful shutdown, then flushes once more and ends the change
    /// streams.
    public func run() async throws {
        defer { broadcaster.finish() }
        try? await cancelWhenGracefulShutdown {
            while true {
                try await self.clock.sleep(for: self.storeSettings.flushInterval)
                do {
                    try await self.flush()
                } catch {
                    self.logger.error("sensor database write failed, retrying at the next flush: \(error)")
                }
            }
        }
        try flushBlocking()
    }

    // MARK: Widgets and CLI

    /// Changes of what sensors show, for reloading the widgets that display them.
    public nonisolated func changes() -> AsyncStream<SensorChange> {
        broadcaster.stream()
    }

    /// One sensor's latest values, name, role, availability and rejections.
    public func snapshot(of sensor: SensorID) -> SensorSnapshot? {
        records[sensor].map(snapshot)
    }

    /// Every known sensor, sorted by identity (the `weatherctl sensors` list).
    public func snapshots() -> [SensorSnapshot] {
        records.values.sorted { $0.sensor < $1.sensor }.map(snapshot)
    }

    /// The sensors the configuration gives `role`, sorted by identity.
    public func snapshots(withRole role: SensorRole) -> [SensorSnapshot] {
        snapshots().filter { $0.role == role }
    }

    /// Messages refused before any sensor could be named while `maxSensors` were tracked.
    public var untrackedRejections: Int { overflowRejections }

    /// The history of one field between two dates: fine buckets when `from` is within the fine
    /// retention, downsampled buckets beyond it.
    public func history(of sensor: SensorID, field: SensorField, from: Date, to: Date) async throws(SensorStoreError)
        -> [HistoryPoint]
    {
        let fineStart = now().timeIntervalSince1970 - storeSettings.fineRetention.seconds
        let tier: HistoryTier = from.timeIntervalSince1970 >= fineStart ? .fine : .coarse
        let width = resolution(of: tier)
        let range = (from.timeIntervalSince1970 / width).rounded(.down) * width...to.timeIntervalSince1970
        var buckets = try await database.history(sensor: sensor, field: field, tier: tier, range: range)
        for (key, aggregate) in pending.history
        where key.sensor == sensor.rawValue && key.field == field && key.tier == tier && range.contains(key.bucketStart) {
            if var stored = buckets[key.bucketStart] {
                stored.combine(aggregate)
                buckets[key.bucketStart] = stored
            } else {
                buckets[key.bucketStart] = aggregate
            }
        }
        return buckets.sorted { $0.key < $1.key }.map { start, aggregate in
            HistoryPoint(
                time: Date(timeIntervalSince1970: start), width: width, mean: aggregate.sum / Double(aggregate.count),
                minimum: aggregate.minimum, maximum: aggregate.maximum, last: aggregate.last, count: aggregate.count)
        }
    }

    /// The 3-hour trend of the barometer (the sensor with role `barometer`, else the outdoor sensor),
    /// or nil without a current pressure and one from about three hours ago.
    public func pressureTrend(at now: Date) async throws(SensorStoreError) -> PressureTrend? {
        let window: Duration = .seconds(3 * 3600)
        let candidates = snapshots(withRole: .barometer) + snapshots(withRole: .outdoor)
        guard let barometer = candidates.first(where: { $0.currentValue(.pressure, at: now) != nil }),
            let current = barometer.currentValue(.pressure, at: now)
        else { return nil }
        let target = now.addingTimeInterval(-window.seconds)
        let points = try await history(
            of: barometer.sensor, field: .pressure, from: target.addingTimeInterval(-15 * 60),
            to: target.addingTimeInterval(15 * 60))
        let nearest = points.min { abs($0.time.timeIntervalSince(target)) < abs($1.time.timeIntervalSince(target)) }
        guard let past = nearest else { return nil }
        return PressureTrend(change: current.value - past.mean, window: window, source: barometer.sensor)
    }

    /// The provider's current weather merged with the outdoor sensor, plus the barometer's trend.
    public func currentWeather(merging provider: ProviderObservation?, at now: Date) async throws(SensorStoreError)
        -> MergedWeather
    {
        let outdoor = snapshots(withRole: .outdoor).first
        return WeatherMerge.merge(
            provider: provider, outdoor: outdoor,
            outdoorAltitude: outdoor.flatMap { profiles.profile(for: $0.sensor)?.altitudeMeters },
            trend: try await pressureTrend(at: now), now: now)
    }

    /// Writes everything pending in one transaction.
    public func flush() async throws(SensorStoreError) {
        guard let (batch, prune) = takePending() else { return }
        do {
            try await database.write(batch, prune: prune)
        } catch {
            restore(batch)
            throw error
        }
    }

    // MARK: Intake

    /// Applies the intake's operations in order and returns the outcome of each reading, in order.
    /// Listeners hear of the batch's changes once it is applied, at most one change per sensor.
    func apply(_ operations: some Sequence<StoreOperation>) -> [ApplyOutcome] {
        var outcomes: [ApplyOutcome] = []
        var changes = ChangeCollector()
        for operation in operations {
            switch operation {
            case .reading(let reading):
                let outcome = apply(reading, changes: &changes)
                if outcome == .refusedSensorLimit {
                    recordRejection(
                        source: reading.sensor,
                        reason: RejectionReason(.sensorLimitReached, "the hub already tracks its maximum number of sensors"),
                        at: reading.arrivedAt)
                }
                outcomes.append(outcome)
            case .rejection(let source, let reason, let time):
                recordRejection(source: source, reason: reason, at: time)
            case .availability(let announcement):
                recordAvailability(announcement, changes: &changes)
            }
        }
        for change in changes.changes { broadcaster.send(change) }
        return outcomes
    }

    private func apply(_ reading: SensorReading, changes: inout ChangeCollector) -> ApplyOutcome {
        let sensor = reading.sensor
        if records[sensor] == nil {
            if reading.values.isEmpty { return .notTracked }
            guard admits(sensor) else { return .refusedSensorLimit }
            records[sensor] = SensorRecord(sensor: sensor, ecosystem: reading.ecosystem, firstSeen: reading.arrivedAt)
        }
        var record = records[sensor]!
        record.ecosystem = reading.ecosystem
        record.lastSeen = max(record.lastSeen ?? reading.arrivedAt, reading.arrivedAt)
        if !reading.rejections.isEmpty {
            record.rejectedCount += 1
            record.lastRejection = reading.rejections[0].reason
            record.lastRejectionAt = reading.arrivedAt
        }
        let staleAfter = profiles.staleAfter(for: sensor)
        let suspects = Dictionary(reading.suspects.map { ($0.field, $0.reason) }, uniquingKeysWith: { first, _ in first })
        var changed: Set<SensorField> = []
        for (field, value) in reading.values {
            let old = record.values[field]
            if let old {
                let replaces = reading.ageUnknown ? false : (old.ageUnknown || reading.observedAt >= old.observedAt)
                guard replaces else { continue }
            }
            let new = LatestValue(
                value: value, observedAt: reading.observedAt, arrivedAt: reading.arrivedAt, timeSource: reading.timeSource,
                ageUnknown: reading.ageUnknown, suspect: suspects[field], unitAssumed: reading.unitAssumed.contains(field))
            record.values[field] = new
            if Self.changesWhatIsShown(old: old, new: new, field: field, staleAfter: staleAfter, at: reading.arrivedAt) {
                changed.insert(field)
            }
        }
        if !reading.ageUnknown { addHistory(reading) }
        records[sensor] = record
        pending.sensors[sensor] = record
        if !changed.isEmpty {
            changes.add(
                SensorChange(sensor: sensor, fields: changed, role: profiles.profile(for: sensor)?.role, availabilityChanged: false))
        }
        return .stored
    }

    /// Counts a refused message against `source` (or against the untracked counter when the sensor limit
    /// leaves no place for a new source).
    private func recordRejection(source: SensorID, reason: RejectionReason, at time: Date) {
        if records[source] == nil {
            guard admits(source) else {
                overflowRejections += 1
                pending.overflowRejections += 1
                return
            }
            records[source] = SensorRecord(sensor: source, ecosystem: nil, firstSeen: time)
        }
        records[source]!.rejectedCount += 1
        records[source]!.lastRejection = reason
        records[source]!.lastRejectionAt = time
        pending.sensors[source] = records[source]
    }

    /// Records an online/offline announcement; sensors whose identity starts with the source (a device's
    /// sensors under its node name) are notified when it changes their availability.
    private func recordAvailability(_ announcement: SensorAvailability, changes: inout ChangeCollector) {
        let source = announcement.source.rawValue
        let previous = availability[source]
        guard previous != nil || availability.count < maxSensors * 2 else { return }
        availability[source] = announcement
        pending.availability[source] = announcement
        guard previous?.state != announcement.state else { return }
        for sensor in records.keys where sensor.rawValue == source || sensor.rawValue.hasPrefix(source + "/") {
            changes.add(
                SensorChange(sensor: sensor, fields: [], role: profiles.profile(for: sensor)?.role, availabilityChanged: true))
        }
    }

    /// Whether `sensor` may be tracked (already tracked, configured, or under the limit).
    func admits(_ sensor: SensorID) -> Bool {
        records[sensor] != nil || records.count < maxSensors || profiles.isConfigured(sensor)
    }

    /// Flushes on the calling thread, even in a cancelled task (the last flush at shutdown).
    func flushBlocking() throws(SensorStoreError) {
        guard let (batch, prune) = takePending() else { return }
        try database.writeBlocking(batch, prune: prune)
    }

    // MARK: Internals

    private static func changesWhatIsShown(
        old: LatestValue?, new: LatestValue, field: SensorField, staleAfter: Duration, at time: Date
    ) -> Bool {
        guard let old else { return true }
        if old.ageUnknown != new.ageUnknown { return true }
        if !old.isCurrent(at: time, staleAfter: staleAfter) && new.isCurrent(at: time, staleAfter: staleAfter) {
            return true
        }
        if (old.suspect == nil) != (new.suspect == nil) { return true }
        let resolution = field.displayResolution
        return (old.value / resolution).rounded() != (new.value / resolution).rounded()
    }

    private func addHistory(_ reading: SensorReading) {
        let time = reading.observedAt.timeIntervalSince1970
        let arrival = reading.arrivedAt.timeIntervalSince1970
        for (field, value) in reading.values where field.isMeasurement {
            for tier in HistoryTier.allCases {
                guard time >= arrival - retention(of: tier).seconds else { continue }
                let width = resolution(of: tier)
                let key = HistoryKey(
                    sensor: reading.sensor.rawValue, field: field, tier: tier, bucketStart: (time / width).rounded(.down) * width)
                pending.add(HistoryAggregate(value: value, at: time), for: key)
            }
        }
    }

    private func resolution(of tier: HistoryTier) -> Double {
        max(1, (tier == .fine ? storeSettings.fineResolution : storeSettings.coarseResolution).seconds)
    }

    private func retention(of tier: HistoryTier) -> Duration {
        tier == .fine ? storeSettings.fineRetention : storeSettings.coarseRetention
    }

    private func snapshot(_ record: SensorRecord) -> SensorSnapshot {
        let profile = profiles.profile(for: record.sensor)
        return SensorSnapshot(
            sensor: record.sensor, displayName: profile?.displayName ?? record.sensor.rawValue, role: profile?.role,
            ecosystem: record.ecosystem, values: record.values, lastSeen: record.lastSeen,
            availability: availabilityState(of: record.sensor), staleAfter: profiles.staleAfter(for: record.sensor),
            rejectedCount: record.rejectedCount, lastRejection: record.lastRejection,
            lastRejectionAt: record.lastRejectionAt)
    }

    /// The announcement for the sensor itself, else for the nearest enclosing device (`node/…`).
    private func availabilityState(of sensor: SensorID) -> SensorAvailability.State? {
        var candidate = Substring(sensor.rawValue)
        while true {
            if let announcement = availability[String(candidate)] { return announcement.state }
            guard let slash = candidate.lastIndex(of: "/") else { return nil }
            candidate = candidate[..<slash]
        }
    }

    /// Takes the pending batch (and decides whether this flush prunes).
    private func takePending() -> (PendingWrites, SensorDatabase.PruneCutoffs?)? {
        let current = now()
        var prune: SensorDatabase.PruneCutoffs?
        if lastPrune.map({ current.timeIntervalSince($0) >= 3600 }) ?? true {
            let seconds = current.timeIntervalSince1970
            prune = .init(fine: seconds - storeSettings.fineRetention.seconds, coarse: seconds - storeSettings.coarseRetention.seconds)
            lastPrune = current
        }
        guard !pending.isEmpty || prune != nil else { return nil }
        let batch = pending
        pending = PendingWrites()
        return (batch, prune)
    }

    /// Puts a batch that failed to write back in front of what arrived meanwhile.
    private func restore(_ batch: PendingWrites) {
        for (sensor, record) in batch.sensors where pending.sensors[sensor] == nil { pending.sensors[sensor] = record }
        for (key, aggregate) in batch.history { pending.add(aggregate, for: key) }
        for (source, announcement) in batch.availability where pending.availability[source] == nil {
            pending.availability[source] = announcement
        }
        pending.overflowRejections += batch.overflowRejections
    }
}
