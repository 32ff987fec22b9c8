/// Turns raw, bouncing edges into presses: a line's new level counts once it has held for the debounce
/// time, and a press is the change from released to pressed.
struct KeyDebouncer {
    private struct LineState {
        var key: PanelKey
        /// The level after the last edge.
        var rawHigh: Bool
        /// When the last edge arrived.
        var changedAt: Duration?
        /// The accepted level.
        var stableHigh: Bool
    }

    private var lines: [UInt32: LineState]
    private let activeLow: Bool
    private let debounce: Duration

    /// - Parameter levels: each line's level when reading starts (a key held then is not a press).
    init(keys: [PanelKey], levels: [UInt32: Bool], activeLow: Bool, debounce: Duration) {
        var lines: [UInt32: LineState] = [:]
        for key in keys {
            let high = levels[key.line] ?? activeLow
            lines[key.line] = LineState(key: key, rawHigh: high, changedAt: nil, stableHigh: high)
        }
        self.lines = lines
        self.activeLow = activeLow
        self.debounce = debounce
    }

    /// Records an edge seen at `time`.
    mutating func record(_ edge: GPIOEdge, at time: Duration) {
        guard var state = lines[edge.line] else { return }
        state.rawHigh = edge.rising
        state.changedAt = time
        lines[edge.line] = state
    }

    /// Accepts every level that has held for the debounce time by `now`.
    /// - Returns: the keys that became pressed, in line order.
    mutating func settle(at now: Duration) -> [PanelKey] {
        var pressed: [PanelKey] = []
        for line in lines.keys.sorted() {
            guard var state = lines[line], let changedAt = state.changedAt, now - changedAt >= debounce else { continue }
            state.changedAt = nil
            if state.rawHigh != state.stableHigh {
                state.stableHigh = state.rawHigh
                if state.stableHigh != activeLow { pressed.append(state.key) }
            }
            lines[line] = state
        }
        return pressed
    }

    /// When the earliest unsettled level will have held long enough, `nil` when all are settled.
    var nextSettleTime: Duration? {
        lines.values.compactMap { $0.changedAt.map { $0 + debounce } }.min()
    }
}
