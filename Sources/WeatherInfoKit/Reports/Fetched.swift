public import FoundationEssentials

/// A value from a good response, with when it was fetched and in which units: what the panel shows
/// beside its age, from memory or from the disk cache.
public struct Fetched<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
    public var value: Value
    /// When the response arrived (the service's clock).
    public var fetchedAt: Date
    /// The units the value is in (a units change keeps showing old data in its own units until a fetch).
    public var units: Units

    public init(value: Value, fetchedAt: Date, units: Units) {
        self.value = value
        self.fetchedAt = fetchedAt
        self.units = units
    }

    /// How old the value is at `now` (never negative, even if the clock went back).
    public func age(at now: Date) -> Duration {
        .seconds(max(0, now.timeIntervalSince(fetchedAt)))
    }
}
