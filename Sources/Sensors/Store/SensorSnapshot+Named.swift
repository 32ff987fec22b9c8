extension Sequence where Element == SensorSnapshot {
    /// The sensor a person names: the one whose identity is `name`, else whose display name is (the
    /// SENSOR and NAME columns of `weatherctl sensors`).
    public func first(named name: String) -> SensorSnapshot? {
        first { $0.sensor.rawValue == name } ?? first { $0.displayName == name }
    }
}
