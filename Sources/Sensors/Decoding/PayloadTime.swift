#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a payload says about when it was measured, before the hub decides whether to trust it.
enum PayloadTime: Equatable, Sendable {
    /// An unambiguous instant (epoch seconds, or a text with `Z` or an offset).
    case instant(Date)
    /// A wall-clock text without a zone, read in the configured local time zone.
    case localTime(Date, text: String)
    /// A timestamp the hub cannot read as a clock time (a replay offset, an unknown format).
    case unusable(text: String, why: String)
}
