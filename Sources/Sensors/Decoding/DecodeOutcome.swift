/// What a decoder makes of one message.
enum DecodeOutcome: Equatable, Sendable {
    /// Values (possibly none) for one or more sensors.
    case readings([ReadingDraft])
    /// An online/offline announcement of a device or bridge.
    case availability(source: String, state: SensorAvailability.State)
    /// Metadata about another topic (its unit or device class), not a measurement.
    case unitHint(stateTopic: String, UnitHint)
    /// A valid message that is not about weather (bridge state, a gateway's own status, a tyre sensor).
    case ignored(why: String)
    /// A message the hub refuses whole; `source` is the sensor it came from when known.
    case rejected(source: String?, RejectionReason)
}
