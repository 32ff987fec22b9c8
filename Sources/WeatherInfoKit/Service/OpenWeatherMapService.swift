public import FoundationEssentials
public import Logging

/// The polite, shared OpenWeatherMap client: one instance serves every widget and `weatherctl`.
///
/// - At most one automatic refresh per location per ``RefreshPolicy/minimumInterval`` (10 minutes),
///   counted from the last good data, across restarts (the disk cache holds its time); `force` skips
///   the wait but never a `Retry-After` block or the daily limit.
/// - Concurrent requests for one location share one refresh.
/// - After a fault, exponential backoff with jitter (``RefreshPolicy``); `Retry-After` is honoured for
///   the whole key; a 401 in the first hours of a new key reads "key not active yet" and is retried
///   every few minutes.
/// - Every call is counted per UTC day against the daily limit, in a ledger kept with the cache.
/// - Every good answer is written to the disk cache; a fault never removes data from a report.
///
/// Time and randomness are injected so every rule is testable without waiting.
public actor OpenWeatherMapService: WeatherSource {
    public nonisolated let configuration: OpenWeatherMapConfiguration
    public nonisolated let refreshPolicy: RefreshPolicy
    private let keySource: APIKeySource
    private let client: OpenWeatherMapClient
    private let cache: WeatherCache
    private let now: @Sendable () -> Date
    private let randomUnit: @Sendable () -> Double
    private let logger: Logger

    private var states: [String: LocationState] = [:]
    private var stateOrder: [String] = []
    private var refreshes: [String: Task<WeatherReport, Never>] = [:]
    private var loadedLedger: CallLedger?
    /// A key-wide `Retry-After` time that even forced calls respect.
    private var blockedUntil: Date?

    /// - Parameters:
    ///   - cacheDirectory: where the last good data and the call ledger live (created on first write).
    ///   - transport: the HTTP transport; libcurl unless a test brings another.
    ///   - now: the clock.
    ///   - randomUnit: a random number in 0..<1 for backoff jitter.
    public init(
        configuration: OpenWeatherMapConfiguration,
        refreshPolicy: RefreshPolicy = RefreshPolicy(),
        keySource: APIKeySource,
        cacheDirectory: String,
        transport: any HTTPTransport = CurlTransport(),
        now: @escaping @Sendable () -> Date = { Date() },
        randomUnit: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        logger: Logger = Logger(label: "weatherhub.openweathermap")
    ) {
        self.configuration = configuration
        self.refreshPolicy = refreshPolicy
        self.keySource = keySource
        self.client = OpenWeatherMapClient(configuration: configuration, transport: transport, now: now, logger: logger)
        self.cache = WeatherCache(directory: cacheDirectory)
        self.now = now
        self.randomUnit = randomUnit
        self.logger = logger
    }

    // MARK: WeatherSource

    public func weather(for location: Location, force: Bool) async -> WeatherReport {
        let id = location.cacheKey
        if let running = refreshes[id] { return await running.value }
        let refresh = Task { await self.refresh(location, force: force) }
        refreshes[id] = refresh
        let report = await withTaskCancellationHandler {
            await refresh.value
        } onCancel: {
            refresh.cancel()
        }
        refreshes[id] = nil
        return report
    }

    public func cachedWeather(for location: Location) -> WeatherReport {
        state(for: location).report(blockedUntil: blockedUntil)
    }

    public func nextRefreshDate(for location: Location) -> Date {
        state(for: location).report(blockedUntil: blockedUntil).nextRefreshDate
    }

    public func locations(matching name: String) async throws(WeatherFault) -> [Location] {
        let start = now()
        let key = try currentKey(at: start).get()
        if let blockedUntil, start < blockedUntil { throw .rateLimited(until: blockedUntil) }
        do {
            try spendCall(at: start)
            let candidates = try await client.locations(matching: name, limit: 5, key: key)
            keyWasAccepted()
            return candidates
        } catch {
            let fault = keyFault(error, at: now())
            noteRateLimit(fault, at: now())
            throw fault
        }
    }

    public func status() -> WeatherServiceStatus {
        let origin: String? =
            switch Result(catching: { () throws(APIKeyError) in try keySource.load() }) {
            case .success(let found): found?.origin
            case .failure(let error): "\(error.origin) (unusable: \(error.reason))"
            }
        let provider =
            switch configuration.plan {
            case .freeEndpoints: "OpenWeatherMap, free endpoints (current weather + 5-day forecast)"
            case .oneCall: "OpenWeatherMap One Call 3.0"
            }
        return WeatherServiceStatus(
            provider: provider, keySource: origin, callsToday: ledger.calls(on: now()),
            dailyCallLimit: configuration.dailyCallLimit,
            locations: stateOrder.compactMap { states[$0]?.status(blockedUntil: blockedUntil) })
    }

    // MARK: Refresh

    private func refresh(_ location: Location, force: Bool) async -> WeatherReport {
        let id = location.cacheKey
        // The state first: a new location's first call is allowed from the moment its state exists.
        _ = state(for: location)
        let start = now()
        let key: APIKey
        switch currentKey(at: start) {
        case .success(let found):
            key = found
        case .failure(let fault):
            // Nothing to back off from: look for a key again at the next refresh.
            if states[id]?.fault != fault {
                logger.warning("\(fault.message)", metadata: ["owm.location": "\(location.displayName)"])
            }
            states[id]?.fault = fault
            states[id]?.nextAllowedCall = start + refreshPolicy.minimumInterval
            return report(id)
        }
        guard force || start >= states[id]!.nextAllowedCall else { return report(id) }
        if let blockedUntil, start < blockedUntil {
            states[id]?.fault = .rateLimited(until: blockedUntil)
            return report(id)
        }

        do {
            switch configuration.plan {
            case .freeEndpoints:
                try spendCall(at: start)
                let current = try await client.currentConditions(for: location, key: key)
                keep(current, in: \.current, as: .current, for: location, at: now())
                logPressure(of: current, for: location)
                try spendCall(at: now())
                let forecast = try await client.forecast(for: location, key: key)
                keep(forecast, in: \.forecast, as: .forecast, for: location, at: now())
            case .oneCall:
                let coordinates = try await coordinates(for: location, key: key, at: start)
                try spendCall(at: now())
                let (current, forecast) = try await client.oneCall(at: coordinates, placeName: location.name, key: key)
                keep(current, in: \.current, as: .current, for: location, at: now())
                logPressure(of: current, for: location)
                keep(forecast, in: \.forecast, as: .forecast, for: location, at: now())
            }
            succeed(id, at: now())
        } catch {
            fail(id, keyFault(error, at: now()), at: now())
        }
        return report(id)
    }

    /// One Call needs coordinates: a location known only by name is geocoded once (one more call).
    private func coordinates(for location: Location, key: APIKey, at start: Date) async throws(WeatherFault) -> Coordinates {
        if let coordinates = location.coordinates ?? states[location.cacheKey]?.resolvedCoordinates { return coordinates }
        try spendCall(at: start)
        guard let found = try await client.locations(matching: location.nameQuery, limit: 1, key: key).first?.coordinates else {
            throw .locationNotFound(name: location.name)
        }
        states[location.cacheKey]?.resolvedCoordinates = found
        return found
    }

    /// Stores a good value in memory and in the disk cache.
    private func keep<Value>(
        _ value: Value, in field: WritableKeyPath<LocationState, Fetched<Value>?>, as part: WeatherCache.Part,
        for location: Location, at time: Date
    ) {
        let fetched = Fetched(value: value, fetchedAt: time, units: configuration.units)
        states[location.cacheKey]?[keyPath: field] = fetched
        store(fetched, as: part, for: location)
    }

    /// Adds the observation's pressure to the location's log, in memory and in the disk cache.
    private func logPressure(of current: CurrentConditions, for location: Location) {
        guard var log = states[location.cacheKey]?.pressureLog else { return }
        log = log.adding(PressureLog.Observation(time: current.observedAt, hectopascals: Double(current.pressure)))
        states[location.cacheKey]?.pressureLog = log
        store(Fetched(value: log, fetchedAt: now(), units: configuration.units), as: .pressureLog, for: location)
    }

    private func store<Value>(_ fetched: Fetched<Value>, as part: WeatherCache.Part, for location: Location) {
        do {
            try cache.store(fetched, as: part, for: location)
        } catch {
            logger.warning("Could not write the weather cache: \(error)")
        }
    }

    private func succeed(_ id: String, at time: Date) {
        keyWasAccepted()
        guard var state = states[id] else { return }
        if state.fault != nil {
            logger.info("OpenWeatherMap answers again", metadata: ["owm.location": "\(state.location.displayName)"])
        }
        state.fault = nil
        state.consecutiveFailures = 0
        state.nextAllowedCall = time + refreshPolicy.minimumInterval
        states[id] = state
    }

    private func fail(_ id: String, _ fault: WeatherFault, at time: Date) {
        guard var state = states[id] else { return }
        // A cancelled call says nothing about OpenWeatherMap: keep the state as it was.
        if fault == .cancelled { return }
        state.fault = fault
        state.consecutiveFailures += 1
        noteRateLimit(fault, at: time)
        switch fault {
        case .dailyLimitReached:
            state.nextAllowedCall = CallLedger.nextUTCMidnight(after: time)
        case .rateLimited(let until?) where until > time:
            state.nextAllowedCall = blockedUntil ?? until
        default:
            let delay = refreshPolicy.retryDelay(after: fault, failures: state.consecutiveFailures, randomUnit: randomUnit())
            state.nextAllowedCall = time + delay
        }
        states[id] = state
        logger.warning(
            "\(fault.message)",
            metadata: [
                "owm.location": "\(state.location.displayName)", "owm.fault": "\(fault.panelLine)",
                "owm.failures": "\(state.consecutiveFailures)", "owm.next_call": "\(state.nextAllowedCall.utcTimestamp)",
            ])
    }

    /// A `Retry-After` applies to the whole key, capped at a day so a wild header cannot silence the hub.
    private func noteRateLimit(_ fault: WeatherFault, at time: Date) {
        guard case .rateLimited(let until?) = fault, until > time else { return }
        blockedUntil = min(until, time + .seconds(86_400))
    }

    /// A refused key is "not active yet" while it is new and has never been accepted.
    private func keyFault(_ fault: WeatherFault, at time: Date) -> WeatherFault {
        let ledger = self.ledger
        guard fault == .keyRefused, !ledger.keyAccepted, let firstUsed = ledger.keyFirstUsed,
            time < firstUsed + refreshPolicy.keyActivationPeriod
        else { return fault }
        return .keyNotActiveYet(since: firstUsed)
    }

    /// Notes that OpenWeatherMap accepted the current key.
    private func keyWasAccepted() {
        var ledger = self.ledger
        guard !ledger.keyAccepted else { return }
        ledger.keyAccepted = true
        save(ledger)
    }

    private func report(_ id: String) -> WeatherReport {
        states[id]!.report(blockedUntil: blockedUntil)
    }

    // MARK: State, key and ledger

    /// The location's state, loaded from the disk cache on first use. The cached data's time counts as
    /// the last call, so a restart does not call again sooner than the minimum interval.
    private func state(for location: Location) -> LocationState {
        let id = location.cacheKey
        if let state = states[id] { return state }
        let current: Fetched<CurrentConditions>? = loadCached(.current, for: location)
        let forecast: Fetched<Forecast>? = loadCached(.forecast, for: location)
        var state = LocationState(location: location, current: current, forecast: forecast, nextAllowedCall: now())
        if let log: Fetched<PressureLog> = loadCached(.pressureLog, for: location) { state.pressureLog = log.value }
        if let last = state.lastSuccess, current?.units == configuration.units, forecast?.units == configuration.units {
            state.nextAllowedCall = last + refreshPolicy.minimumInterval
        }
        states[id] = state
        stateOrder.append(id)
        return state
    }

    private func loadCached<Value>(_ part: WeatherCache.Part, for location: Location) -> Fetched<Value>? {
        do {
            return try cache.load(part, for: location)
        } catch {
            logger.warning("Ignoring the weather cache: \(error)")
            return nil
        }
    }

    /// Reads the key; a new key (another fingerprint) starts its activation period and lifts the backoff
    /// of every location in fault, so it is tried at once.
    private func currentKey(at time: Date) -> Result<APIKey, WeatherFault> {
        let found: APIKeySource.Found
        do {
            guard let loaded = try keySource.load() else { return .failure(.keyMissing) }
            found = loaded
        } catch {
            return .failure(.keyUnusable(error))
        }
        var ledger = self.ledger
        let fingerprint = found.key.fingerprint
        let isNewKey = ledger.keyFingerprint != fingerprint
        if isNewKey {
            ledger.keyFingerprint = fingerprint
            ledger.keyFirstUsed = time
            ledger.keyAccepted = false
            save(ledger)
            blockedUntil = nil
            logger.info("Using a new OpenWeatherMap API key", metadata: ["owm.key_source": "\(found.origin)"])
        }
        for id in stateOrder {
            switch states[id]?.fault {
            case .keyMissing?, .keyUnusable?:
                states[id]?.nextAllowedCall = time
            case _? where isNewKey:
                states[id]?.consecutiveFailures = 0
                states[id]?.nextAllowedCall = time
            default:
                break
            }
        }
        return .success(found.key)
    }

    /// Counts a call, or refuses it when the day's limit is used up.
    private func spendCall(at time: Date) throws(WeatherFault) {
        var ledger = self.ledger
        guard ledger.calls(on: time) < configuration.dailyCallLimit else {
            throw .dailyLimitReached(limit: configuration.dailyCallLimit)
        }
        ledger.countCall(at: time)
        save(ledger)
    }

    private var ledger: CallLedger {
        if let loadedLedger { return loadedLedger }
        let ledger: CallLedger
        do {
            ledger = try cache.loadLedger() ?? CallLedger()
        } catch {
            logger.warning("Starting a new call ledger: \(error)")
            ledger = CallLedger()
        }
        loadedLedger = ledger
        return ledger
    }

    private func save(_ ledger: CallLedger) {
        loadedLedger = ledger
        do {
            try cache.store(ledger)
        } catch {
            logger.warning("Could not write the call ledger: \(error)")
        }
    }
}
