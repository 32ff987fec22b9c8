/// Why a timeline reload happens. Reasons a person caused, and the service's own start, are exempt from
/// the reload budget and the minimum reload interval.
public enum ReloadReason: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The service started (or the widget was placed).
    case start
    /// A `WidgetCenter` call from `weatherctl` (the container app in WidgetKit's terms).
    case user
    /// The configuration or the shared defaults changed.
    case configurationChanged
    /// A key on the panel was pressed.
    case keyPress
    /// The wall clock jumped (NTP at boot, a manual change).
    case clockChange
    /// The timeline's reload policy came due.
    case policy
    /// A retry after the provider failed or timed out.
    case retry
    /// New data (a sensor reading) changed what a widget shows.
    case dataChanged

    /// Exempt reloads run at once and do not count against the budget.
    public var isExempt: Bool {
        switch self {
        case .start, .user, .configurationChanged, .keyPress, .clockChange: true
        case .policy, .retry, .dataChanged: false
        }
    }

    /// A person asked for this reload (`weatherctl reload`, a key on the panel): providers may fetch fresh
    /// data instead of answering from their cache.
    public var isRequestedByPerson: Bool {
        self == .user || self == .keyPress
    }

    public var description: String { rawValue }

    /// The reason that wins when two requests are merged: an exempt one keeps its exemption.
    func merged(with other: ReloadReason) -> ReloadReason {
        if isExempt { return self }
        return other.isExempt ? other : self
    }
}
