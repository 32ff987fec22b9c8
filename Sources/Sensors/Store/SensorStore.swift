#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import HubSystem
public import Logging
public import ServiceLifecycle

/// The latest value of every sensor field, a bounded history for charts, availability and rejection
/// counts — in memory for the widgets, mirrored to SQLite in batches (one transaction per
/// `flushInterval`, however many messages arrive) so it survives restarts and power cuts.
///
/// Run it as a `Service`: `run()` flushes a `flushInterval` after writes start waiting, and once more on
/// graceful shutdown.
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
    /// Bucket width and retention of each history tier in seconds, indexed by `HistoryTier.rawValue`.
    private let tiers: [(width: Double, retention: Double)]
    private let maxSensors: Int
    private let now: @Sendable () -> Date
    private let clock: any Clock<Duration>
    private let logger: Logger
    private let broadcaster = ChangeBroadcaster()
    /// Tells `run` that writes are pending again, so it sleeps only while something waits to be written.
    private let writesPending = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))

    private var records: [SensorID: SensorRecord]
    private var availability: [String: SensorAvailability]
    private var overflowRejections: Int
    private var pending = PendingWrites()
    private var lastPrune: Date?

    /// Opens (or creates) the database named in `settings.store` and loads what it holds.
    /// - Parameters:
    ///   - now: the wall clock, injected for tests.
    ///   - clock: times the flush after a write.
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
        tiers = HistoryTier.allCases.map { tier in
            let store = settings.store
            return tier == .fine
                ? (max(1, store.fineResolution.timeInterval), store.fineRetention.timeInterval)
                : (max(1, store.coarseResolution.timeInterval), store.coarseRetention.timeInterval)
        }
        maxSensors = settings.limits.maxSensors
        self.now = now
        self.clock = clock
        self.logger = logger
    }

    /// Flushes `flushInterval` after a write finds nothing pending (one transaction for everything that
    /// arrives meanwhile) until graceful shutdown, then flushes once more and ends the change streams. While
    /// nothing is pending it does not wake; old history is pruned at the first flush of each hour.
    public func run() async throws {
        defer { broadcaster.finish() }
        try? await cancelWhenGracefulShutdown {
            for await _ in self.writesPending.stream {
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

    /// Every known sensor, sorted by identity (the `weatherctl sensors` list), hidden ones included.
    public func snapshots() -> [SensorSnapshot] {
        records.values.sorted { $0.sensor < $1.sensor }.map(snapshot)
    }

    /// The sensors the panel and the displays show: every known one but those the configuration hides.
    public func shownSnapshots() -> [SensorSnapshot] {
        snapshots().filter { !$0.hidden }
    }

    /// The shown sensors the configuration gives `role`, sorted by identity.
    public func snapshots(withRole role: SensorRole) -> [SensorSnapshot] {
        shownSnapshots().filter { $0.role == role }
    }

    /// Messages refused before any sensor could be named while `maxSensors` were tracked.
    public var untrackedRejections: Int { overflowRejections }

    /// The history of one field between two dates, pending readings included: the last
    /// `fineRetention` from the fine buckets, older spans from the coarse ones, each span from one tier
    /// only. The bucket containing `from` is included.
    public func history(of sensor: SensorID, field: SensorField, from: Date, to: Date) async throws(SensorStoreError)
        -> [HistoryPoint]
    {
        let split = HistoryTierSplit(
            now: now(), fineRetention: storeSettings.fineRetention.timeInterval, fineWidth: resolution(of: .fine),
            coarseWidth: resolution(of: .coarse))
        let ranges = split.ranges(from: from.timeIntervalSince1970, to: to.timeIntervalSince1970)
        let stored = try await database.history(sensor: sensor, field: field, ranges: ranges)
        var points: [HistoryPoint] = []
        for ((tier, range), buckets) in zip(ranges, stored) {
            points += withPending(buckets, of: sensor, field: field, tier: tier, range: range)
        }
        return points
    }

    /// `history(of:field:from:to:)` as segments split where the sensor sent nothing for its
    /// `stale_after`: what a chart draws.
    public func series(of sensor: SensorID, field: SensorField, from: Date, to: Date) async throws(SensorStoreError)
        -> HistorySeries
    {
        HistorySeries(
            sensor: sensor, field: field, from: from, to: to, gapAfter: gapAfter(for: sensor),
            points: try await history(of: sensor, field: field, from: from, to: to))
    }

    /// How long without a bucket is a gap in the sensor's history: its `stale_after`.
    func gapAfter(for sensor: SensorID) -> Duration {
        profiles.staleAfter(for: sensor)
    }

    /// The 3-hour pressure change of the barometer (the sensor with role `barometer`, else the outdoor
    /// sensor), or nil without a current pressure and one from about three hours ago.
    public func barometerChange(at now: Date) async throws(SensorStoreError) -> BarometerChange? {
        let window: Duration = .seconds(3 * 3600)
        let candidates = snapshots(withRole: .barometer) + snapshots(withRole: .outdoor)
        guard let barometer = candidates.first(where: { $0.currentValue(.pressure, at: now) != nil }),
            let current = barometer.currentValue(.pressure, at: now)
        else { return nil }
        let target = now.addingTimeInterval(-window.timeInterval)
        let points = try await history(
            of: barometer.sensor, field: .pressure, from: target.addingTimeInterval(-15 * 60),
            to: target.addingTimeInterval(15 * 60))
        let nearest = points.min { abs($0.time.timeIntervalSince(target)) < abs($1.time.timeIntervalSince(target)) }
        guard let past = nearest else { return nil }
        return BarometerChange(
            sensor: barometer.sensor, displayName: barometer.displayName, change: current.value - past.mean, window: window)
    }

    /// What the sensors add to the provider's current weather: the outdoor sensor, its altitude and the
    /// barometer's change.
    public func outdoorWeather(at now: Date) async throws(SensorStoreError) -> OutdoorWeather {
        let outdoor = snapshots(withRole: .outdoor).first
        return OutdoorWeather(
            outdoor: outdoor, outdoorAltitude: outdoor.flatMap { profiles.profile(for: $0.sensor)?.altitudeMeters },
            barometer: try await barometerChange(at: now))
    }

    /// Writes everything pending in one transaction.
    public func flush() async throws(SensorStoreError) {
        guard let (batch, records, prune) = takePending() else { return }
        do {
            try await database.write(batch, records: records, prune: prune)
        } catch {
            pending.restore(batch)
            writesPending.continuation.yield()
            throw error
        }
    }

    // MARK: Intake

    /// Applies the intake's operations in order and returns the outcome of each reading, in order.
    /// Listeners hear of the batch's changes once it is applied, at most one change per sensor.
    func apply(_ operations: some Sequence<StoreOperation>) -> [ApplyOutcome] {
        let nothingWasPending = pending.isEmpty
        defer { if nothingWasPending && !pending.isEmpty { writesPending.continuation.yield() } }
        var outcomes: [ApplyOutcome] = []
        var changes = ChangeCollector()
        for operation in operations {
            switch operation {
            case .reading(let reading):
                let outcome = apply(reading, changes: &changes)
                if outcome == .refusedSensorLimit {
                    recordRejection(source: reading.sensor, reason: .sensorLimit, at: reading.arrivedAt)
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
        let index: [SensorID: SensorRecord].Index
        if let existing = records.index(forKey: sensor) {
            index = existing
        } else {
            if reading.values.isEmpty { return .notTracked }
            guard admits(sensor) else { return .refusedSensorLimit }
            records[sensor] = SensorRecord(sensor: sensor, ecosystem: reading.ecosystem, firstSeen: reading.arrivedAt)
            index = records.index(forKey: sensor)!
        }
        let profile = profiles.profile(for: sensor)
        let changed = records.values[index].take(reading, staleAfter: profile?.staleAfter ?? profiles.defaultStaleAfter)
        pending.update(sensor) { buckets in
            if !reading.ageUnknown { addHistory(reading, to: &buckets) }
        }
        if !changed.isEmpty {
            changes.add(sensor, fields: changed, role: profile?.role)
        }
        return .stored
    }

    /// Counts a refused message against `source` (or against the untracked counter when the sensor limit
    /// leaves no place for a new source).
    private func recordRejection(source: SensorID, reason: RejectionReason, at time: Date) {
        if let index = records.index(forKey: source) {
            records.values[index].countRejection(reason, at: time)
        } else {
            guard admits(source) else {
                overflowRejections += 1
                pending.overflowRejections += 1
                return
            }
            var record = SensorRecord(sensor: source, ecosystem: nil, firstSeen: time)
            record.countRejection(reason, at: time)
            records[source] = record
        }
        pending.update(source)
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
            changes.add(sensor, role: profiles.profile(for: sensor)?.role, availabilityChanged: true)
        }
    }

    /// Whether `sensor` may be tracked (already tracked, configured, or under the limit).
    func admits(_ sensor: SensorID) -> Bool {
        records[sensor] != nil || records.count < maxSensors || profiles.isConfigured(sensor)
    }

    /// Flushes on the calling thread, even in a cancelled task (the last flush at shutdown).
    func flushBlocking() throws(SensorStoreError) {
        guard let (batch, records, prune) = takePending() else { return }
        try database.writeBlocking(batch, records: records, prune: prune)
    }

    // MARK: Internals

    /// Folds a reading's measurements into the sensor's pending history buckets, for each tier whose
    /// retention still covers the observation time.
    private func addHistory(_ reading: SensorReading, to buckets: inout [PendingBucket]) {
        let time = reading.observedAt.timeIntervalSince1970
        let arrival = reading.arrivedAt.timeIntervalSince1970
        for (field, value) in reading.values where field.isMeasurement {
            for tier in HistoryTier.allCases {
                let (width, retention) = tiers[tier.rawValue]
                guard time >= arrival - retention else { continue }
                buckets.fold(
                    HistoryAggregate(value: value, at: time), field: field, tier: tier, bucketStart: (time / width).rounded(.down) * width)
            }
        }
    }

    /// One tier's stored buckets starting in `range` with the pending ones combined in, oldest first.
    private func withPending(
        _ stored: [(start: Double, aggregate: HistoryAggregate)], of sensor: SensorID, field: SensorField, tier: HistoryTier,
        range: ClosedRange<Double>
    ) -> [HistoryPoint] {
        var buckets = stored
        for bucket in pending.sensors[sensor] ?? []
        where bucket.field == field && bucket.tier == tier && range.contains(bucket.bucketStart) {
            let index = buckets.firstIndex { $0.start >= bucket.bucketStart } ?? buckets.count
            if index < buckets.count && buckets[index].start == bucket.bucketStart {
                buckets[index].aggregate.combine(bucket.aggregate)
            } else {
                buckets.insert((bucket.bucketStart, bucket.aggregate), at: index)
            }
        }
        let width = resolution(of: tier)
        return buckets.map { start, aggregate in
            HistoryPoint(
                time: Date(timeIntervalSince1970: start), width: width, mean: aggregate.sum / Double(aggregate.count),
                minimum: aggregate.minimum, maximum: aggregate.maximum, last: aggregate.last, count: aggregate.count)
        }
    }

    private func resolution(of tier: HistoryTier) -> Double {
        tiers[tier.rawValue].width
    }

    private func snapshot(_ record: SensorRecord) -> SensorSnapshot {
        let profile = profiles.profile(for: record.sensor)
        return SensorSnapshot(
            sensor: record.sensor, displayName: profile?.displayName ?? record.sensor.rawValue, role: profile?.role,
            ecosystem: record.ecosystem, values: record.values, lastSeen: record.lastSeen,
            availability: availabilityState(of: record.sensor), staleAfter: profiles.staleAfter(for: record.sensor),
            rejectedCount: record.rejectedCount, lastRejection: record.lastRejection,
            lastRejectionAt: record.lastRejectionAt, hidden: profile?.hidden ?? false)
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

    /// Takes the pending batch with the current rows of the sensors it names (and decides whether this
    /// flush prunes).
    private func takePending() -> (PendingWrites, [SensorRecord], SensorDatabase.PruneCutoffs?)? {
        let current = now()
        var prune: SensorDatabase.PruneCutoffs?
        if lastPrune.map({ current.timeIntervalSince($0) >= 3600 }) ?? true {
            let seconds = current.timeIntervalSince1970
            prune = .init(fine: seconds - storeSettings.fineRetention.timeInterval, coarse: seconds - storeSettings.coarseRetention.timeInterval)
            lastPrune = current
        }
        guard !pending.isEmpty || prune != nil else { return nil }
        let batch = pending
        pending = PendingWrites()
        return (batch, batch.sensors.keys.compactMap { records[$0] }, prune)
    }
}
