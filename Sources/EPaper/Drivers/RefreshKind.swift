/// How a panel redraws.
public enum RefreshKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The controller's full waveform: every pixel flashes; clears ghosting.
    case full
    /// A shorter full-screen waveform picked by forcing a high temperature (fewer flashes, less
    /// ghost clearing).
    case fast
    /// The differential waveform on a window: only changed pixels move, no flashing.
    case partial
}

/// What a panel's controller and waveforms allow besides the full refresh.
public struct PanelFeatures: Sendable, Hashable, Codable {
    /// The panel has a fast full-screen waveform.
    public var fastRefresh: Bool
    /// The panel has a differential waveform for windows.
    public var partialRefresh: Bool

    /// Features as given.
    public init(fastRefresh: Bool, partialRefresh: Bool) {
        self.fastRefresh = fastRefresh
        self.partialRefresh = partialRefresh
    }

    /// Whether a refresh of this kind is possible.
    public func supports(_ kind: RefreshKind) -> Bool {
        switch kind {
        case .full: true
        case .fast: fastRefresh
        case .partial: partialRefresh
        }
    }
}
