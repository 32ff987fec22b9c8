/// What the configuration says about one sensor (or a family of them, with `*` levels).
public struct SensorProfile: Sendable, Equatable {
    /// The sensor identity, exactly as `weatherctl sensors` lists it; a `*` level matches any one level
    /// (`Nexus-TH/1/*` survives the random id a battery change gives an rtl_433 sensor).
    public var match: String
    /// The name shown on the panel and as the source of merged values. Default: the identity.
    public var displayName: String?
    public var role: SensorRole?
    /// How long a reading stays current. Default: `SensorSettings.defaultStaleAfter`.
    public var staleAfter: Duration?
    /// For devices whose payload does not state the temperature unit (Shelly Gen1 set to °F): `°F`.
    public var temperatureUnit: String?
    /// The sensor's height above sea level in metres: its station pressure is reduced to sea level
    /// before it replaces the provider's (sea-level) pressure. `nil`: the sensor already reports
    /// sea-level pressure.
    public var altitudeMeters: Double?
    /// Kept out of the panel and the displays (its readings are still stored and listed). Default: false.
    public var hidden: Bool

    public init(
        match: String, displayName: String? = nil, role: SensorRole? = nil, staleAfter: Duration? = nil,
        temperatureUnit: String? = nil, altitudeMeters: Double? = nil, hidden: Bool = false
    ) {
        self.match = match
        self.displayName = displayName
        self.role = role
        self.staleAfter = staleAfter
        self.temperatureUnit = temperatureUnit
        self.altitudeMeters = altitudeMeters
        self.hidden = hidden
    }

    /// Whether this profile describes `sensor`.
    public func matches(_ sensor: SensorID) -> Bool {
        guard match.contains("*") else { return match == sensor.rawValue }
        let pattern = match.split(separator: "/", omittingEmptySubsequences: false)
        let levels = sensor.rawValue.split(separator: "/", omittingEmptySubsequences: false)
        guard pattern.count == levels.count else { return false }
        return zip(pattern, levels).allSatisfy { $0 == "*" || $0 == $1 }
    }
}
