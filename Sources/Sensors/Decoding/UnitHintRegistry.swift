/// Unit hints by state topic, bounded: when full, the oldest learned topic is forgotten first.
struct UnitHintRegistry: Sendable {
    private var hints: [String: UnitHint] = [:]
    private var order: [String] = []
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    subscript(stateTopic: String) -> UnitHint? { hints[stateTopic] }

    var count: Int { hints.count }

    /// Merges what is known about a state topic (a unit topic and a device-class topic may arrive apart).
    mutating func learn(_ hint: UnitHint, for stateTopic: String) {
        if var existing = hints[stateTopic] {
            existing.unit = hint.unit ?? existing.unit
            existing.deviceClass = hint.deviceClass ?? existing.deviceClass
            hints[stateTopic] = existing
            return
        }
        if hints.count >= capacity, !order.isEmpty {
            hints[order.removeFirst()] = nil
        }
        hints[stateTopic] = hint
        order.append(stateTopic)
    }
}
