#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem

/// The topics holding a retained message of the hub's, kept in the state directory (a JSON list), so a
/// later run with another configuration clears what this one left. Written only when the list changes
/// (at start and when the configuration changes, not with every state), atomically.
final class PublishedTopicsRecord: Sendable {
    let path: String

    init(path: String) {
        self.path = path
    }

    /// The recorded topics; none when the file is missing or unreadable.
    func load() -> Set<String> {
        guard let data = try? AtomicFile.read(path), let topics = try? JSONDecoder().decode([String].self, from: data) else {
            return []
        }
        return Set(topics)
    }

    /// Replaces the record when `topics` differ from it; an empty record removes the file.
    func save(_ topics: Set<String>) throws {
        guard topics != load() else { return }
        if topics.isEmpty {
            try FileManager.default.removeItem(atPath: path)
            return
        }
        try AtomicFile.createDirectory(AtomicFile.parentDirectory(of: path))
        try AtomicFile.write(Data(JSONValue.array(topics.sorted().map(JSONValue.string)).bytes), to: path)
    }
}
