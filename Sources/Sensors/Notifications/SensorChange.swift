/// "Sensor X changed what it shows": emitted only when a value changes at the resolution the panel shows
/// it, becomes current again, or the sensor's availability changes — never for a repeated message.
public struct SensorChange: Sendable, Equatable {
    public var sensor: SensorID
    /// The fields whose shown value changed (empty when only the availability changed).
    public var fields: Set<SensorField>
    public var role: SensorRole?
    public var availabilityChanged: Bool

    public init(sensor: SensorID, fields: Set<SensorField>, role: SensorRole?, availabilityChanged: Bool) {
        self.sensor = sensor
        self.fields = fields
        self.role = role
        self.availabilityChanged = availabilityChanged
    }
}
