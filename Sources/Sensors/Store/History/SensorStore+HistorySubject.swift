/// The sensor a person names, for `weatherctl sensors history`.
extension SensorStore {
    /// The sensor whose identity, else whose display name, is `name`, when it has reported `field`: the
    /// subject of a history a person asked for by name.
    public func historySubject(named name: String, field: SensorField) throws(SensorHistoryError) -> SensorSnapshot {
        guard let sensor = snapshots().first(named: name) else { throw .unknownSensor(name) }
        guard sensor.values[field] != nil else {
            throw .fieldNotReported(sensor.sensor, field, reported: sensor.values.keys.filter(\.isMeasurement).sorted())
        }
        return sensor
    }
}
