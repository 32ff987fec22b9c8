/// Why a sensor's history cannot be given, saying what to do instead.
public enum SensorHistoryError: Error, Equatable, CustomStringConvertible {
    /// No sensor has this identity or display name.
    case unknownSensor(String)
    /// The sensor has never reported the field; it reports the others listed.
    case fieldNotReported(SensorID, SensorField, reported: [SensorField])

    public var description: String {
        switch self {
        case .unknownSensor(let name):
            "no sensor is named \"\(name)\": `weatherctl sensors` lists the sensors the hub knows (use the SENSOR or NAME column)"
        case .fieldNotReported(let sensor, let field, let reported):
            "sensor \"\(sensor)\" reports no \(field.name); it reports "
                + (reported.isEmpty ? "nothing yet" : reported.map(\.name).joined(separator: ", "))
                + ": pick one with --field"
        }
    }
}
