#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import InkUI

/// What the panel controller keeps across restarts, in `<state>/panel/state.json`.
public struct PersistedPanelState: Sendable, Hashable, Codable {
    /// Bumped when the format changes incompatibly; other versions are ignored.
    public static let currentVersion = 1

    /// The format version this state was written in.
    public var version: Int
    /// The profile name the counters belong to; another panel starts from zero.
    public var panel: String
    /// The wear counters.
    public var counters: PanelCounters
    /// The frame on the panel when the service stopped.
    public var shownFrame: FrameDigest?
    /// The last refreshes, oldest first (absent in files of earlier releases).
    public var recentRefreshes: [RefreshRecord]?

    /// A state in the current format.
    public init(panel: String, counters: PanelCounters, shownFrame: FrameDigest?, recentRefreshes: [RefreshRecord] = []) {
        self.version = PersistedPanelState.currentVersion
        self.panel = panel
        self.counters = counters
        self.shownFrame = shownFrame
        self.recentRefreshes = recentRefreshes
    }
}

/// Reads and atomically replaces the persisted panel state (write to a temporary file, then rename, so a
/// power cut leaves the old or the new file, never half of one).
public struct PanelStateStore: Sendable {
    /// The state file.
    public let path: String

    /// A store at `<directory>/state.json`.
    public init(directory: String) {
        self.path = directory + "/state.json"
    }

    /// The saved state, `nil` when there is none or it cannot be read (the controller then starts from
    /// zero, which only makes it more careful: the first refresh is a full one).
    public func load() -> PersistedPanelState? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let state = try? decoder.decode(PersistedPanelState.self, from: data),
            state.version == PersistedPanelState.currentVersion
        else { return nil }
        return state
    }

    /// Replaces the saved state.
    public func save(_ state: PersistedPanelState) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(state).write(to: url, options: .atomic)
    }
}
