#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// When the scheduler asks a provider for the next timeline.
public enum TimelineReloadPolicy: Sendable, Hashable {
    /// After the last entry's date (or after the minimum reload interval when there are no entries).
    case atEnd
    /// Not before this date (and never sooner than the minimum reload interval after the last reload).
    case after(Date)
    /// Only on explicit reloads: a `WidgetCenter` call, service start, configuration change, key press or
    /// clock jump.
    case never
}

extension TimelineReloadPolicy: CustomStringConvertible {
    public var description: String {
        switch self {
        case .atEnd: "atEnd"
        case .after(let date): "after(\(date.timeIntervalSince1970))"
        case .never: "never"
        }
    }
}
