public import FoundationEssentials

/// An official warning for the location (One Call's `alerts[]`): what, from whom, and when it is valid.
public struct WeatherAlert: Sendable, Hashable, Codable {
    /// The event's name as the agency words it ("Small Craft Advisory", "Orange wind warning").
    public var event: String
    /// The agency that issued it ("NWS Philadelphia - Mount Holly").
    public var sender: String
    /// When it starts and ends (UTC instants).
    public var start: Date
    public var end: Date
    /// The agency's full text, for status output; the panel shows the event and the validity only.
    public var description: String

    public init(event: String, sender: String, start: Date, end: Date, description: String) {
        self.event = event
        self.sender = sender
        self.start = start
        self.end = end
        self.description = description
    }

    /// Whether the alert is in force at `now`.
    public func isActive(at now: Date) -> Bool {
        start <= now && now < end
    }
}
