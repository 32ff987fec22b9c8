/// What Home Assistant metadata says about a state topic: its unit and device class. ESPHome states and
/// Home Assistant statestream states carry bare numbers, so these hints, learned from discovery
/// configs and statestream attribute topics, are the only place their units live.
struct UnitHint: Equatable, Sendable {
    var unit: String?
    var deviceClass: String?
}
