import Foundation
import HubConfig
import HubSystem
import Logging

/// Sets up swift-log once: text lines for people and the journal, or one JSON object per line.
enum HubLogging {
    static func bootstrap(_ settings: LoggingSettings) {
        LoggingSystem.bootstrap { label in
            var handler: any LogHandler = switch settings.format {
            case .text: StreamLogHandler.standardError(label: label)
            case .json: JSONLineLogHandler(label: label)
            }
            handler.logLevel = settings.level
            return handler
        }
    }
}

/// One JSON object per log line on standard error (`logging.format: json`), for log shippers.
struct JSONLineLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var object: [String: String] = [
            "time": CivilTime.iso8601(Date()), "level": event.level.rawValue, "label": label, "message": "\(event.message)",
        ]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) { object[key] = "\(value)" }
        guard var line = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        line.append(UInt8(ascii: "\n"))
        FileHandle.standardError.write(line)
    }
}
