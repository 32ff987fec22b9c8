#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GRDB

/// The SQLite side of the store (through GRDB): schema, loading at start, batched writes, history reads.
///
/// Durability: WAL journal with `synchronous = NORMAL`. A commit is in the operating system's hands when
/// it returns, so a killed hub loses nothing committed; a power cut can lose the commits the kernel had not
/// yet written out (its dirty-page expiry, 30 s by default) but never corrupts the file. Commits do not
/// fsync, only checkpoints do, which spares the SD card: `FULL` would fsync up to five batches a second.
struct SensorDatabase: Sendable {
    private let queue: DatabaseQueue
    let path: String

    /// Where pruning cuts each history tier (seconds since 1970).
    struct PruneCutoffs: Sendable {
        var fine: Double
        var coarse: Double
    }

    /// What the database holds at start.
    struct LoadedState: Sendable {
        var records: [SensorID: SensorRecord] = [:]
        var availability: [String: SensorAvailability] = [:]
        var overflowRejections = 0
    }

    init(path: String?, readOnly: Bool = false) throws(SensorStoreError) {
        let shownPath = path ?? ":memory:"
        do {
            var configuration = Configuration()
            configuration.label = "sensors"
            configuration.readonly = readOnly
            configuration.busyMode = .timeout(5)
            if let path {
                configuration.journalMode = .wal
                configuration.prepareDatabase { db in
                    try db.execute(sql: "PRAGMA synchronous = NORMAL")
                    // Keep the WAL file small on a small card: truncate it after checkpoints.
                    try db.execute(sql: "PRAGMA journal_size_limit = 1048576")
                }
                queue = try DatabaseQueue(path: path, configuration: configuration)
            } else {
                queue = try DatabaseQueue(configuration: configuration)
            }
            if !readOnly { try Self.migrator.migrate(queue) }
        } catch {
            throw SensorStoreError(path: shownPath, underlying: "\(error)")
        }
        self.path = shownPath
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("sensors-v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE sensor (
                        id TEXT PRIMARY KEY NOT NULL,
                        ecosystem TEXT,
                        first_seen REAL NOT NULL,
                        last_seen REAL,
                        rejected_count INTEGER NOT NULL DEFAULT 0,
                        last_rejection_code TEXT,
                        last_rejection_detail TEXT,
                        last_rejection_at REAL
                    ) WITHOUT ROWID;
                    CREATE TABLE latest (
                        sensor_id TEXT NOT NULL,
                        field TEXT NOT NULL,
                        value REAL NOT NULL,
                        observed_at REAL NOT NULL,
                        arrived_at REAL NOT NULL,
                        time_source TEXT NOT NULL,
                        age_unknown INTEGER NOT NULL,
                        suspect TEXT,
                        unit_assumed INTEGER NOT NULL,
                        PRIMARY KEY (sensor_id, field)
                    ) WITHOUT ROWID;
                    CREATE TABLE history (
                        sensor_id TEXT NOT NULL,
                        field TEXT NOT NULL,
                        tier INTEGER NOT NULL,
                        bucket_start REAL NOT NULL,
                        count INTEGER NOT NULL,
                        sum REAL NOT NULL,
                        min REAL NOT NULL,
                        max REAL NOT NULL,
                        last REAL NOT NULL,
                        last_at REAL NOT NULL,
                        PRIMARY KEY (sensor_id, field, tier, bucket_start)
                    ) WITHOUT ROWID;
                    CREATE INDEX history_by_age ON history (tier, bucket_start);
                    CREATE TABLE availability (
                        source TEXT PRIMARY KEY NOT NULL,
                        state TEXT NOT NULL,
                        at REAL NOT NULL
                    ) WITHOUT ROWID;
                    CREATE TABLE counter (
                        name TEXT PRIMARY KEY NOT NULL,
                        value INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        return migrator
    }

    // MARK: Loading

    func load() throws(SensorStoreError) -> LoadedState {
        do {
            return try queue.read { db in
                var state = LoadedState()
                for row in try Row.fetchAll(db, sql: "SELECT * FROM sensor") {
                    let id = SensorID(row["id"])
                    var record = SensorRecord(
                        sensor: id, ecosystem: (row["ecosystem"] as String?).flatMap(SensorEcosystem.init(rawValue:)),
                        firstSeen: Date(timeIntervalSince1970: row["first_seen"]),
                        lastSeen: (row["last_seen"] as Double?).map(Date.init(timeIntervalSince1970:)))
                    record.rejectedCount = row["rejected_count"]
                    if let code = (row["last_rejection_code"] as String?).flatMap(RejectionReason.Code.init(rawValue:)) {
                        record.lastRejection = RejectionReason(code, row["last_rejection_detail"] ?? "")
                        record.lastRejectionAt = (row["last_rejection_at"] as Double?).map(Date.init(timeIntervalSince1970:))
                    }
                    state.records[id] = record
                }
                for row in try Row.fetchAll(db, sql: "SELECT * FROM latest") {
                    let id = SensorID(row["sensor_id"])
                    guard let field = SensorField(key: row["field"]), state.records[id] != nil else { continue }
                    state.records[id]?.values[field] = LatestValue(
                        value: row["value"], observedAt: Date(timeIntervalSince1970: row["observed_at"]),
                        arrivedAt: Date(timeIntervalSince1970: row["arrived_at"]),
                        timeSource: SensorReading.TimeSource(rawValue: row["time_source"]) ?? .arrival,
                        ageUnknown: row["age_unknown"], suspect: row["suspect"], unitAssumed: row["unit_assumed"])
                }
                for row in try Row.fetchAll(db, sql: "SELECT * FROM availability") {
                    guard let availabilityState = SensorAvailability.State(rawValue: row["state"]) else { continue }
                    let source: String = row["source"]
                    state.availability[source] = SensorAvailability(
                        source: SensorID(source), state: availabilityState,
                        arrivedAt: Date(timeIntervalSince1970: row["at"]))
                }
                state.overflowRejections =
                    try Int.fetchOne(db, sql: "SELECT value FROM counter WHERE name = 'overflow_rejections'") ?? 0
                return state
            }
        } catch {
            throw SensorStoreError(path: path, underlying: "\(error)")
        }
    }

    // MARK: Writing

    /// Writes one batch (the changed sensors' `records` and the pending history, availability and
    /// counters) in one transaction, and prunes history older than `prune` when given.
    func write(_ pending: PendingWrites, records: [SensorRecord], prune: PruneCutoffs?) async throws(SensorStoreError) {
        do {
            try await queue.write { db in try Self.write(pending, records: records, prune: prune, db: db) }
        } catch {
            throw SensorStoreError(path: path, underlying: "\(error)")
        }
    }

    /// The same write on the calling thread, for the last flush at shutdown, which must happen even when
    /// the task is already cancelled.
    func writeBlocking(_ pending: PendingWrites, records: [SensorRecord], prune: PruneCutoffs?) throws(SensorStoreError) {
        do {
            try queue.write { db in try Self.write(pending, records: records, prune: prune, db: db) }
        } catch {
            throw SensorStoreError(path: path, underlying: "\(error)")
        }
    }

    private static func write(_ pending: PendingWrites, records: [SensorRecord], prune: PruneCutoffs?, db: Database) throws {
        try writeSensors(records, db: db)
        try writeHistory(pending.sensors, db: db)
        let availability = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO availability (source, state, at) VALUES (?, ?, ?)")
        for (source, announcement) in pending.availability {
            try availability.execute(
                arguments: [source, announcement.state.rawValue, announcement.arrivedAt.timeIntervalSince1970])
        }
        if pending.overflowRejections > 0 {
            try db.execute(
                sql: """
                    INSERT INTO counter (name, value) VALUES ('overflow_rejections', ?)
                    ON CONFLICT(name) DO UPDATE SET value = value + excluded.value
                    """, arguments: [pending.overflowRejections])
        }
        if let prune {
            try db.execute(
                sql: "DELETE FROM history WHERE tier = ? AND bucket_start < ?",
                arguments: [HistoryTier.fine.rawValue, prune.fine])
            try db.execute(
                sql: "DELETE FROM history WHERE tier = ? AND bucket_start < ?",
                arguments: [HistoryTier.coarse.rawValue, prune.coarse])
        }
    }

    private static func writeSensors(_ records: some Sequence<SensorRecord>, db: Database) throws {
        let sensor = try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO sensor (id, ecosystem, first_seen, last_seen, rejected_count,
                    last_rejection_code, last_rejection_detail, last_rejection_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
        let latest = try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO latest (sensor_id, field, value, observed_at, arrived_at, time_source,
                    age_unknown, suspect, unit_assumed)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for record in records {
            try sensor.execute(arguments: [
                record.sensor.rawValue, record.ecosystem?.rawValue, record.firstSeen.timeIntervalSince1970,
                record.lastSeen?.timeIntervalSince1970, record.rejectedCount, record.lastRejection?.code.rawValue,
                record.lastRejection?.detail, record.lastRejectionAt?.timeIntervalSince1970,
            ])
            for (field, value) in record.values {
                try latest.execute(arguments: [
                    record.sensor.rawValue, field.key, value.value, value.observedAt.timeIntervalSince1970,
                    value.arrivedAt.timeIntervalSince1970, value.timeSource.rawValue, value.ageUnknown, value.suspect,
                    value.unitAssumed,
                ])
            }
        }
    }

    private static func writeHistory(_ history: [SensorID: [PendingBucket]], db: Database) throws {
        let upsert = try db.cachedStatement(
            sql: """
                INSERT INTO history (sensor_id, field, tier, bucket_start, count, sum, min, max, last, last_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(sensor_id, field, tier, bucket_start) DO UPDATE SET
                    count = count + excluded.count,
                    sum = sum + excluded.sum,
                    min = MIN(min, excluded.min),
                    max = MAX(max, excluded.max),
                    last = CASE WHEN excluded.last_at >= last_at THEN excluded.last ELSE last END,
                    last_at = MAX(last_at, excluded.last_at)
                """)
        for (sensor, buckets) in history {
            for bucket in buckets {
                let aggregate = bucket.aggregate
                try upsert.execute(arguments: [
                    sensor.rawValue, bucket.field.key, bucket.tier.rawValue, bucket.bucketStart, aggregate.count, aggregate.sum,
                    aggregate.minimum, aggregate.maximum, aggregate.last, aggregate.lastAt,
                ])
            }
        }
    }

    // MARK: Reading history

    /// Stored buckets of one field whose start lies in each tier's range (seconds since 1970), oldest first
    /// in each, read in one transaction: one hop to the database's queue per series, whatever the tiers.
    func history(sensor: SensorID, field: SensorField, ranges: [(tier: HistoryTier, range: ClosedRange<Double>)])
        async throws(SensorStoreError) -> [[(start: Double, aggregate: HistoryAggregate)]]
    {
        do {
            return try await queue.read { db in
                // The primary key's order: a range scan, no sort.
                let statement = try db.cachedStatement(
                    sql: """
                        SELECT bucket_start, count, sum, min, max, last, last_at FROM history
                        WHERE sensor_id = ? AND field = ? AND tier = ? AND bucket_start BETWEEN ? AND ?
                        ORDER BY bucket_start
                        """)
                return try ranges.map { tier, range in
                    var buckets: [(start: Double, aggregate: HistoryAggregate)] = []
                    let rows = try Row.fetchCursor(
                        statement,
                        arguments: [sensor.rawValue, field.key, tier.rawValue, range.lowerBound, range.upperBound])
                    while let row = try rows.next() {
                        buckets.append((row[0], HistoryAggregate(
                            count: row[1], sum: row[2], minimum: row[3], maximum: row[4], last: row[5], lastAt: row[6])))
                    }
                    return buckets
                }
            }
        } catch {
            throw SensorStoreError(path: path, underlying: "\(error)")
        }
    }

    /// The number of history rows per tier (for tests and status).
    func historyRowCount(tier: HistoryTier) async throws(SensorStoreError) -> Int {
        do {
            return try await queue.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM history WHERE tier = ?", arguments: [tier.rawValue]) ?? 0
            }
        } catch {
            throw SensorStoreError(path: path, underlying: "\(error)")
        }
    }
}
