/// A debounced press of one of the board's keys.
public struct KeyPress: Sendable, Hashable {
    public var key: PanelKey
    /// When the press settled, on the keys' monotonic clock.
    public var at: Duration

    public init(key: PanelKey, at: Duration) {
        self.key = key
        self.at = at
    }
}
