/// A debounced press of one of the board's keys.
public struct KeyPress: Sendable, Hashable {
    /// Which key.
    public var key: PanelKey
    /// When the press settled, on the keys' monotonic clock.
    public var at: Duration

    /// A press of `key` at `at`.
    public init(key: PanelKey, at: Duration) {
        self.key = key
        self.at = at
    }
}
