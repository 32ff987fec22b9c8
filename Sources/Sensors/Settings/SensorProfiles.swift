/// The configured profiles, looked up by sensor: exact identities first, then `*` patterns in
/// configuration order.
struct SensorProfiles: Sendable {
    private let exact: [String: SensorProfile]
    private let patterns: [SensorProfile]
    let defaultStaleAfter: Duration

    init(_ profiles: [SensorProfile], defaultStaleAfter: Duration) {
        var exact: [String: SensorProfile] = [:]
        for profile in profiles where !profile.match.contains("*") && exact[profile.match] == nil {
            exact[profile.match] = profile
        }
        self.exact = exact
        self.patterns = profiles.filter { $0.match.contains("*") }
        self.defaultStaleAfter = defaultStaleAfter
    }

    func profile(for sensor: SensorID) -> SensorProfile? {
        // Most sensors have no profile: skip hashing the identity when nothing is configured.
        (exact.isEmpty ? nil : exact[sensor.rawValue]) ?? patterns.first { $0.matches(sensor) }
    }

    /// How long `sensor`'s readings stay current.
    func staleAfter(for sensor: SensorID) -> Duration {
        profile(for: sensor)?.staleAfter ?? defaultStaleAfter
    }

    /// The name to show for `sensor`.
    func displayName(for sensor: SensorID) -> String {
        profile(for: sensor)?.displayName ?? sensor.rawValue
    }

    /// Whether the configuration names this sensor (configured sensors are never refused for the
    /// sensor limit).
    func isConfigured(_ sensor: SensorID) -> Bool {
        profile(for: sensor) != nil
    }
}
