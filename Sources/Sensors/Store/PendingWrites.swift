/// What changed since the last flush, folded so its size depends on the number of sensors and fields,
/// not on the number of messages.
struct PendingWrites: Sendable {
    var sensors: [SensorID: SensorRecord] = [:]
    var history: [HistoryKey: HistoryAggregate] = [:]
    var availability: [String: SensorAvailability] = [:]
    var overflowRejections = 0

    var isEmpty: Bool {
        sensors.isEmpty && history.isEmpty && availability.isEmpty && overflowRejections == 0
    }

    mutating func add(_ aggregate: HistoryAggregate, for key: HistoryKey) {
        if var existing = history[key] {
            existing.combine(aggregate)
            history[key] = existing
        } else {
            history[key] = aggregate
        }
    }
}
