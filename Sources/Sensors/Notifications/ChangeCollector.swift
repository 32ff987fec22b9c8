/// Folds the changes of one batch into at most one `SensorChange` per sensor, in order of first change,
/// so a burst of messages notifies each listener once per sensor instead of once per message.
struct ChangeCollector {
    private struct Pending {
        var sensor: SensorID
        var fields: FieldMask
        var role: SensorRole?
        var availabilityChanged: Bool
    }

    private var pending: [Pending] = []
    private var positions: [SensorID: Int] = [:]

    /// Notes that `fields` of `sensor` (or its availability) changed what is shown.
    mutating func add(_ sensor: SensorID, fields: FieldMask = [], role: SensorRole?, availabilityChanged: Bool = false) {
        guard let position = positions[sensor] else {
            positions[sensor] = pending.count
            pending.append(Pending(sensor: sensor, fields: fields, role: role, availabilityChanged: availabilityChanged))
            return
        }
        pending[position].fields.formUnion(fields)
        pending[position].availabilityChanged = pending[position].availabilityChanged || availabilityChanged
    }

    /// One change per sensor, in order of first change.
    var changes: [SensorChange] {
        pending.map {
            SensorChange(sensor: $0.sensor, fields: $0.fields.fields, role: $0.role, availabilityChanged: $0.availabilityChanged)
        }
    }
}
