#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A value a widget shows, with its source and the time it was measured (its age follows from `now`).
public struct ShownValue: Sendable, Equatable {
    /// In the field's SI unit.
    public var value: Double
    public var source: ValueSource
    public var observedAt: Date

    public init(value: Double, source: ValueSource, observedAt: Date) {
        self.value = value
        self.source = source
        self.observedAt = observedAt
    }

    /// Seconds since the value was measured.
    public func age(at now: Date) -> TimeInterval {
        now.timeIntervalSince(observedAt)
    }
}
