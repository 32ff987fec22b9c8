/// The knobs of the timeline scheduler, with WidgetKit-like defaults.
public struct SchedulerSettings: Sendable, Hashable {
    /// No policy-driven reload starts sooner than this after the previous reload started.
    public var minimumReloadInterval: Duration
    /// Reloads a widget may spend in any rolling 24 hours; exempt reloads do not count.
    public var reloadBudget: Int
    /// A provider that has not answered after this long has failed.
    public var providerTimeout: Duration
    /// The first retry after a failure; each further failure doubles it up to `maximumRetryDelay`.
    public var initialRetryDelay: Duration
    public var maximumRetryDelay: Duration
    /// Reload requests arriving within this window of the first one are served by one reload.
    public var debounceInterval: Duration
    /// Entries closer together than this are not shown one by one: only the newest due entry is shown
    /// (the panel's minimum refresh interval).
    public var minimumDisplayInterval: Duration
    /// How many entries of a timeline are rendered ahead when it arrives; later ones render when due.
    public var prerenderLimit: Int

    public init(
        minimumReloadInterval: Duration = .seconds(300),
        reloadBudget: Int = 72,
        providerTimeout: Duration = .seconds(30),
        initialRetryDelay: Duration = .seconds(30),
        maximumRetryDelay: Duration = .seconds(1800),
        debounceInterval: Duration = .milliseconds(250),
        minimumDisplayInterval: Duration = .seconds(180),
        prerenderLimit: Int = 48
    ) {
        self.minimumReloadInterval = minimumReloadInterval
        self.reloadBudget = reloadBudget
        self.providerTimeout = providerTimeout
        self.initialRetryDelay = initialRetryDelay
        self.maximumRetryDelay = maximumRetryDelay
        self.debounceInterval = debounceInterval
        self.minimumDisplayInterval = minimumDisplayInterval
        self.prerenderLimit = prerenderLimit
    }

    /// The delay before retry number `failures` (1 for the first failure).
    func retryDelay(afterFailures failures: Int) -> Duration {
        var delay = initialRetryDelay
        for _ in 1..<max(failures, 1) {
            delay = delay * 2
            if delay >= maximumRetryDelay { return maximumRetryDelay }
        }
        return min(delay, maximumRetryDelay)
    }
}
