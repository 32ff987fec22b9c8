public import FoundationEssentials

/// The provider's recent sea-level pressure observations at one location, oldest first: the hub's
/// memory of what the provider said over the last hours, because no provider's forecast looks back.
/// Read for the pressure trend when no local barometer is known.
public struct PressureLog: Sendable, Hashable, Codable {
    /// One observation.
    public struct Observation: Sendable, Hashable, Codable {
        public var time: Date
        /// hPa at sea level.
        public var hectopascals: Double

        public init(time: Date, hectopascals: Double) {
            self.time = time
            self.hectopascals = hectopascals
        }
    }

    /// Observations older than this are dropped: twice the trend's window.
    public static let retention: TimeInterval = 6 * 3600
    /// How far from "three hours ago" an observation may lie and still count for the trend.
    public static let tolerance: TimeInterval = 45 * 60

    public private(set) var observations: [Observation]

    public init(observations: [Observation] = []) {
        self.observations = observations.sorted { $0.time < $1.time }
    }

    /// The log with one more observation; a repeat of a time already logged replaces it, and
    /// observations older than ``retention`` before the newest are dropped.
    public func adding(_ observation: Observation) -> PressureLog {
        guard observation.hectopascals.isFinite else { return self }
        var kept = observations.filter { $0.time != observation.time }
        kept.append(observation)
        kept.sort { $0.time < $1.time }
        let newest = kept.last!.time
        return PressureLog(observations: kept.filter { newest.timeIntervalSince($0.time) <= Self.retention })
    }

    /// The change in hPa from about `window` before the newest observation to the newest, with the
    /// time actually between them; `nil` without an observation within ``tolerance`` of that moment.
    public func change(over window: TimeInterval) -> (hectopascals: Double, interval: TimeInterval)? {
        guard let newest = observations.last else { return nil }
        let target = newest.time.addingTimeInterval(-window)
        let candidates = observations.filter { abs($0.time.timeIntervalSince(target)) <= Self.tolerance }
        guard let past = candidates.min(by: { abs($0.time.timeIntervalSince(target)) < abs($1.time.timeIntervalSince(target)) })
        else { return nil }
        return (newest.hectopascals - past.hectopascals, newest.time.timeIntervalSince(past.time))
    }
}
