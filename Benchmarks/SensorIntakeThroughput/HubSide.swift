import Foundation
import Logging
import MQTTConnection
import Sensors
import Synchronization

/// The hub in its own process: the service's real path (libmosquitto → `MQTTIntake` → `SensorIntake` →
/// `SensorStore` on SQLite), so its memory figures are its own. It prints `ready` once subscribed and,
/// when every published message is accounted for (or none arrived for three seconds), one `result` line.
enum HubSide {
    /// What the hub process reports to the benchmark.
    struct Result {
        /// Monotonic time at which the last message was stored and the store flushed to SQLite.
        var finishedAt: UInt64
        /// Messages libmosquitto delivered (the rest of those published were lost before the hub).
        var delivered: Int
        /// Dropped at the hand-over between the libmosquitto thread and Swift concurrency.
        var dropped: Int
        var statistics: IntakeStatistics
        /// Change notifications the store sent its listener.
        var changes: Int
        var flushMilliseconds: Double
        var residentAtReadyKiB: Int
        /// Peak resident memory once half the stream was processed: equal to the final peak when the
        /// second half of a long stream added nothing (memory bounded, not growing with the stream).
        var peakResidentAtHalfKiB: Int
        var peakResidentKiB: Int
        /// CPU time (user and system, all threads) the hub spent from subscribing to the result.
        var cpuSeconds: Double

        var line: String {
            "result finished=\(finishedAt) delivered=\(delivered) dropped=\(dropped) received=\(statistics.received) "
                + "stored=\(statistics.stored) duplicates=\(statistics.duplicates) rejected=\(statistics.rejected) "
                + "rate_limited=\(statistics.rateLimited) ignored=\(statistics.ignored) changes=\(changes) flush_ms=\(flushMilliseconds) "
                + "rss_ready=\(residentAtReadyKiB) rss_half=\(peakResidentAtHalfKiB) rss_peak=\(peakResidentKiB) cpu_s=\(cpuSeconds)"
        }

        init(
            finishedAt: UInt64, delivered: Int, dropped: Int, statistics: IntakeStatistics, changes: Int, flushMilliseconds: Double,
            residentAtReadyKiB: Int, peakResidentAtHalfKiB: Int, peakResidentKiB: Int, cpuSeconds: Double
        ) {
            self.finishedAt = finishedAt
            self.delivered = delivered
            self.dropped = dropped
            self.statistics = statistics
            self.changes = changes
            self.flushMilliseconds = flushMilliseconds
            self.residentAtReadyKiB = residentAtReadyKiB
            self.peakResidentAtHalfKiB = peakResidentAtHalfKiB
            self.peakResidentKiB = peakResidentKiB
            self.cpuSeconds = cpuSeconds
        }

        /// Reads a `result` line back.
        init?(line: String) {
            guard line.hasPrefix("result ") else { return nil }
            var fields: [Substring: Substring] = [:]
            for pair in line.dropFirst(7).split(separator: " ") {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                fields[pair[..<equals]] = pair[pair.index(after: equals)...]
            }
            func int(_ key: Substring) -> Int { fields[key].flatMap { Int($0) } ?? 0 }
            finishedAt = fields["finished"].flatMap { UInt64($0) } ?? 0
            delivered = int("delivered")
            dropped = int("dropped")
            statistics = IntakeStatistics()
            statistics.received = int("received")
            statistics.stored = int("stored")
            statistics.duplicates = int("duplicates")
            statistics.rejected = int("rejected")
            statistics.rateLimited = int("rate_limited")
            statistics.ignored = int("ignored")
            changes = int("changes")
            flushMilliseconds = fields["flush_ms"].flatMap { Double($0) } ?? 0
            residentAtReadyKiB = int("rss_ready")
            peakResidentAtHalfKiB = int("rss_half")
            peakResidentKiB = int("rss_peak")
            cpuSeconds = fields["cpu_s"].flatMap { Double($0) } ?? 0
        }
    }

    /// The settings of the benchmark's hub: the service's defaults, except per-sensor flood limits raised
    /// so every message takes the whole path (the defaults would refuse most of a flood, by design).
    static func settings(port: Int, messages: Int, sensors: Int, databasePath: String) -> SensorSettings {
        var limits = IntakeLimits()
        limits.burstPerSensor = messages
        limits.messagesPerMinutePerSensor = Double(messages) * 60
        limits.maxSensors = sensors + 10
        // No availability announcement: the hub would receive its own `online` through `+/status`.
        return SensorSettings(
            broker: BrokerSettings(
                host: "127.0.0.1", port: port, clientID: "weatherhub-bench", persistentSession: false, availabilityTopic: nil),
            limits: limits, store: StoreSettings(databasePath: databasePath))
    }

    /// Writes a line to the benchmark at once (unbuffered).
    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func run(port: Int, messages: Int, sensors: Int, databasePath: String) async throws {
        let settings = settings(port: port, messages: messages, sensors: sensors, databasePath: databasePath)
        let logger = Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })
        let store = try SensorStore(settings: settings, logger: logger)
        let intake = SensorIntake(settings: settings, store: store, logger: logger)
        let mqtt = MQTTIntake(broker: settings.broker!, settings: settings, intake: intake, logger: logger)
        let changes = ChangeCounter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await store.run() }
            group.addTask { try await mqtt.run() }
            // The service always listens (to reload the widgets that show sensors); so does this hub.
            group.addTask {
                for await _ in store.changes() { changes.count.add(1, ordering: .relaxed) }
            }
            for await status in mqtt.connection.statusUpdates() where status.subscribed { break }
            let residentAtReady = residentMemoryKiB().current
            let cpuAtReady = processCPUSeconds()
            say("ready")
            var lastCount = 0
            var lastProgress = monotonicNanoseconds()
            var completedAt = lastProgress
            var peakAtHalf = 0
            while true {
                try await Task.sleep(for: .milliseconds(5))
                let now = monotonicNanoseconds()
                let count = await intake.statistics.received + mqtt.connection.status.messagesDropped
                if count != lastCount {
                    lastCount = count
                    lastProgress = now
                }
                if peakAtHalf == 0, count >= messages / 2 { peakAtHalf = residentMemoryKiB().peak }
                if count >= messages {
                    completedAt = now
                    break
                }
                let patience: UInt64 = lastCount == 0 ? 60_000_000_000 : 3_000_000_000
                if now - lastProgress > patience {
                    completedAt = lastProgress
                    break
                }
            }
            let flushStart = monotonicNanoseconds()
            try await store.flush()
            let flush = monotonicNanoseconds() - flushStart
            let result = Result(
                finishedAt: completedAt + flush, delivered: mqtt.connection.status.messagesReceived,
                dropped: mqtt.connection.status.messagesDropped,
                statistics: await intake.statistics, changes: changes.count.load(ordering: .relaxed), flushMilliseconds: Double(flush) / 1e6,
                residentAtReadyKiB: residentAtReady, peakResidentAtHalfKiB: peakAtHalf, peakResidentKiB: residentMemoryKiB().peak,
                cpuSeconds: processCPUSeconds() - cpuAtReady)
            say(result.line)
            group.cancelAll()
        }
    }
}

/// The change notifications the benchmark's listener has seen.
private final class ChangeCounter: Sendable {
    let count = Atomic(0)
}
