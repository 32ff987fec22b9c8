/// Folds the changes of one batch into at most one `SensorChange` per sensor, in order of first change,
/// so a burst of messages notifies each listener once per sensor instead of once per message.
struct ChangeCollector {
    private(set) var changes: [SensorChange] = []
    private var positions: [SensorID: Int] = [:]

    var isEmpty: Bool { changes.isEmpty }

    mutating func add(_ change: SensorChange) {
        guard let position = positions[change.sensor] else {
            positions[change.sensor] = changes.count
            changes.append(change)
            return
        }
        changes[position].fields.formUnion(change.fields)
        changes[position].availabilityChanged = changes[position].availabilityChanged || change.availabilityChanged
    }
}
