import Logging
import Synchronization

/// Keeps every log record in memory so tests can check what a component logged.
final class LogRecorder: Sendable {
    struct Record: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private let storage = Mutex<[Record]>([])

    var records: [Record] { storage.withLock { $0 } }

    func append(_ record: Record) { storage.withLock { $0.append(record) } }

    func logger(label: String = "test") -> Logger {
        Logger(label: label) { _ in RecordingLogHandler(recorder: self) }
    }
}

struct RecordingLogHandler: LogHandler {
    let recorder: LogRecorder
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        event.metadata?.forEach { merged[$0.key] = $0.value }
        recorder.append(LogRecorder.Record(
            level: event.level, message: event.message.description, metadata: merged.mapValues { $0.description }))
    }
}
