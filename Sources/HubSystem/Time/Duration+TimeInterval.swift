#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension Duration {
    /// The duration in seconds as a floating-point number, fractions included: for `Date` arithmetic.
    public var timeInterval: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

extension Date {
    /// The instant `duration` later.
    public static func + (date: Date, duration: Duration) -> Date {
        date.addingTimeInterval(duration.timeInterval)
    }
}
