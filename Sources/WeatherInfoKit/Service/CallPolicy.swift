/// The service's manners: how often it calls, how long it waits for an answer, how it backs off after a
/// fault, and how long a new key may be refused before the refusal counts.
public struct CallPolicy: Sendable, Hashable {
    /// At most one automatic call per location this often (OpenWeatherMap updates about every 10 min).
    public var minimumInterval: Duration
    /// The first pause after a transient fault (network, timeout, 5xx, bad answer); it doubles with each
    /// fault in a row up to ``maximumRetryDelay``.
    public var firstRetryDelay: Duration
    /// The longest pause between automatic attempts; also the pause after faults only a person can fix
    /// (key refused, city not found, One Call not subscribed).
    public var maximumRetryDelay: Duration
    /// The first pause after HTTP 429 without `Retry-After`; it doubles like the others.
    public var rateLimitDelay: Duration
    /// How long after a key's first use a 401 "Invalid API key" still means "not active yet".
    public var keyActivationPeriod: Duration
    /// The pause between attempts while a new key activates.
    public var keyActivationRetryInterval: Duration
    /// The longest a refresh may take, all its calls together (connection, headers and body; a geocoding
    /// call included): a provider that has not answered by then, silent or dripping, has the fault
    /// ``WeatherFault/timedOut`` and is backed off like any transient fault. It must end before the
    /// widgets stop waiting (`SchedulerSettings.providerTimeout`, 30 s), with a fallback twice over.
    public var refreshTimeout: Duration

    public init(
        minimumInterval: Duration = .seconds(600), firstRetryDelay: Duration = .seconds(60),
        maximumRetryDelay: Duration = .seconds(3600), rateLimitDelay: Duration = .seconds(600),
        keyActivationPeriod: Duration = .seconds(3 * 3600), keyActivationRetryInterval: Duration = .seconds(600),
        refreshTimeout: Duration = CallPolicy.defaultRefreshTimeout
    ) {
        self.minimumInterval = minimumInterval
        self.firstRetryDelay = firstRetryDelay
        self.maximumRetryDelay = maximumRetryDelay
        self.rateLimitDelay = rateLimitDelay
        self.keyActivationPeriod = keyActivationPeriod
        self.keyActivationRetryInterval = keyActivationRetryInterval
        self.refreshTimeout = refreshTimeout
    }

    /// 12 s: a provider and its fallback both fit within the widgets' 30 s.
    public static let defaultRefreshTimeout: Duration = .seconds(12)

    /// The pause before the next automatic attempt after `fault`, the `failures`-th in a row (1 for the
    /// first). Every pause is jittered to between half and all of its nominal length by `randomUnit`
    /// (0 ≤ r < 1), so hubs that failed together do not retry together. Faults with a time of their own
    /// (`Retry-After`, the daily limit) are placed by the service instead.
    func retryDelay(after fault: WeatherFault, failures: Int, randomUnit: Double) -> Duration {
        let nominal: Duration
        switch fault {
        case .keyNotActiveYet:
            nominal = keyActivationRetryInterval
        case .keyRefused, .oneCallNotSubscribed, .locationNotFound, .insecureURL:
            nominal = maximumRetryDelay
        case .rateLimited:
            nominal = doubling(rateLimitDelay, failures: failures)
        default:
            nominal = doubling(firstRetryDelay, failures: failures)
        }
        return nominal * (0.5 + 0.5 * min(max(randomUnit, 0), 1))
    }

    private func doubling(_ first: Duration, failures: Int) -> Duration {
        let exponent = min(max(failures - 1, 0), 20)
        return min(maximumRetryDelay, first * (1 << exponent))
    }
}
