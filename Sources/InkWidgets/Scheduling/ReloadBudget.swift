/// The reloads a widget spent in the last 24 hours of uptime. Bounded by the budget itself.
struct ReloadBudget: Sendable, Hashable {
    let limit: Int
    private(set) var spent: [Duration] = []

    init(limit: Int) {
        self.limit = max(limit, 0)
    }

    mutating func record(at uptime: Duration) {
        prune(at: uptime)
        spent.append(uptime)
        if spent.count > limit { spent.removeFirst(spent.count - limit) }
    }

    func remaining(at uptime: Duration) -> Int {
        max(0, limit - spent.filter { uptime - $0 < .day }.count)
    }

    /// The first uptime at or after `uptime` when one more reload fits; `nil` for a budget of zero.
    func availableUptime(from uptime: Duration) -> Duration? {
        guard limit > 0 else { return nil }
        if remaining(at: uptime) > 0 { return uptime }
        let live = spent.filter { uptime - $0 < .day }
        return live.first.map { $0 + .day } ?? uptime
    }

    private mutating func prune(at uptime: Duration) {
        spent.removeAll { uptime - $0 >= .day }
    }
}
