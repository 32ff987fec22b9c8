/// What the sensors add to the provider's current weather: the configured outdoor sensor and the
/// barometer's recent change.
public struct OutdoorWeather: Sendable, Equatable {
    /// The outdoor sensor's snapshot, if one is configured and known.
    public var outdoor: SensorSnapshot?
    /// Metres, when the outdoor sensor's profile gives its altitude (it reports station pressure).
    public var outdoorAltitude: Double?
    /// The 3-hour change of the barometer, else the outdoor sensor; `nil` without enough history.
    public var barometer: BarometerChange?

    /// Values as given.
    public init(outdoor: SensorSnapshot?, outdoorAltitude: Double?, barometer: BarometerChange?) {
        self.outdoor = outdoor
        self.outdoorAltitude = outdoorAltitude
        self.barometer = barometer
    }
}
