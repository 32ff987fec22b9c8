public import FoundationEssentials
import HubSystem
import Logging

/// The polite, shared client of one weather provider (OpenWeatherMap or Open-Meteo): one instance serves
/// every widget and `weatherctl`. The provider's calls come from its fetcher; the manners are the same
/// for every provider:
///
/// - At most one automatic refresh per location per ``CallPolicy/minimumInterval``, counted from the
///   last good data, across restarts (the disk cache holds its time); `force` skips the wait but never a
///   `Retry-After` block or the daily limit.
/// - Concurrent requests for one location share one refresh, and a forced one within
///   ``forcedRefreshSharing`` of good data is answered by it: the panel and every networked display reload
///   together when a person asks, and one call serves them all.
/// - After a fault, exponential backoff with jitter (``CallPolicy``); `Retry-After` is honoured for
///   the whole provider; with a key, a 401 in the first hours of a new key reads "key not active yet"
///   and is retried every few minutes.
/// - Every call is counted per UTC day against the daily limit, in a ledger kept with the cache.
/// - Every good answer is written to the disk cache; a fault never removes data from a report.
///
/// Each provider has its own service, cache directory and ledger. Time and randomness are injected so
/// every rule is testable without waiting.
public actor WeatherService: WeatherSource {
    /// Which provider this service calls.
    public nonisolated let provider: WeatherProvider
    /// How often the service calls and how it backs off.
    public nonisolated let callPolicy: CallPolicy
    let fetcher: any WeatherFetcher
    let cache: WeatherCache
    let now: @Sendable () -> Date
    let randomUnit: @Sendable () -> Double
    let logger: Logger

    var states: [String: LocationState] = [:]
    var stateOrder: [String] = []
    private var refreshes: [String: Task<WeatherReport, Never>] = [:]
    var loadedLedger: CallLedger?
    /// A provider-wide `Retry-After` time that even forced calls respect.
    var blockedUntil: Date?

    /// - Parameters:
    ///   - cacheDirectory: where the last good data and the call ledger live (created on first write).
    ///   - now: the clock.
    ///   - randomUnit: a random number in 0..<1 for backoff jitter.
    ///   - logger: tagged with the provider (``Logging/Logger/tagged(_:)``).
    init(
        fetcher: any WeatherFetcher, callPolicy: CallPolicy, cacheDirectory: String,
        now: @escaping @Sendable () -> Date, randomUnit: @escaping @Sendable () -> Double, logger: Logger
    ) {
        self.provider = fetcher.provider
        self.fetcher = fetcher
        self.callPolicy = callPolicy
        self.cache = WeatherCache(directory: cacheDirectory)
        self.now = now
        self.randomUnit = randomUnit
        self.logger = logger
    }

    /// How recent good data answers a forced refresh without a new call.
    public static let forcedRefreshSharing: TimeInterval = 10

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
        state(for: location).report(provider: provider, blockedUntil: blockedUntil)
    }

    public func nextRefreshDate(for location: Location) -> Date {
        cachedWeather(for: location).nextRefreshDate
    }

    public func locations(matching name: String) async throws(WeatherFault) -> [Location] {
        let start = now()
        let key = try currentKey(at: start)
        if let blockedUntil, start < blockedUntil { throw .rateLimited(until: blockedUntil) }
        do {
            let candidates = try await fetcher.locations(matching: name, limit: 5, key: key, in: self)
            keyWasAccepted()
            return candidates
        } catch {
            let fault = keyFault(error, at: now())
            noteRateLimit(fault, at: now())
            throw fault
        }
    }

    public func status() -> WeatherServiceStatus {
        WeatherServiceStatus(
            provider: fetcher.description, kind: provider, keySource: fetcher.keyOrigin(), callsToday: ledger.calls(on: now()),
            dailyCallLimit: fetcher.dailyCallLimit,
            locations: stateOrder.compactMap { states[$0]?.status(blockedUntil: blockedUntil) })
    }

    // MARK: Refresh

    private func refresh(_ location: Location, force: Bool) async -> WeatherReport {
        let id = location.cacheKey
        // The state first: a new location's first call is allowed from the moment its state exists.
        _ = state(for: location)
        let start = now()
        let key: APIKey?
        do {
            key = try currentKey(at: start)
        } catch {
            // Nothing to back off from: look for a key again at the next refresh.
            if states[id]?.fault != error {
                logger.warning("\(error.message(from: provider))", metadata: ["weather.location": "\(location.displayName)"])
            }
            states[id]?.fault = error
            states[id]?.nextAllowedCall = start + callPolicy.minimumInterval
            return report(id)
        }
        let justFetched = states[id]!.lastSuccess.map { start.timeIntervalSince($0) < Self.forcedRefreshSharing } ?? false
        guard (force && !justFetched) || start >= states[id]!.nextAllowedCall else { return report(id) }
        if let blockedUntil, start < blockedUntil {
            states[id]?.fault = .rateLimited(until: blockedUntil)
            return report(id)
        }
        do {
            try await fetch(location, key: key)
            succeed(id, at: now())
        } catch {
            fail(id, keyFault(error, at: now()), at: now())
        }
        return report(id)
    }

    /// The fetcher's refresh, ended with ``WeatherFault/timedOut`` once ``CallPolicy/refreshTimeout``
    /// has passed: a server that accepts the connection and then stays silent, or drips its answer, is
    /// a fault with a name and a backoff before the widget waiting for the report gives up and cancels.
    private func fetch(_ location: Location, key: APIKey?) async throws(WeatherFault) {
        let fetcher = self.fetcher
        let fault = await withTimeout(callPolicy.refreshTimeout) { () async -> WeatherFault? in
            do throws(WeatherFault) {
                try await fetcher.refresh(location, key: key, in: self)
                return nil
            } catch {
                return error
            }
        }
        switch fault {
        case nil: throw .timedOut
        case let fault??: throw fault
        case .some(nil): return
        }
    }

    /// Coordinates for a location known only by name (calls by coordinates need them): geocoded once
    /// through the provider, which costs a call, and remembered while the service runs.
    func coordinates(for location: Location, key: APIKey?) async throws(WeatherFault) -> Coordinates {
        if let coordinates = location.coordinates ?? states[location.cacheKey]?.resolvedCoordinates { return coordinates }
        guard let found = try await fetcher.locations(matching: location.nameQuery, limit: 1, key: key, in: self).first?.coordinates
        else {
            throw .locationNotFound(name: location.name)
        }
        states[location.cacheKey]?.resolvedCoordinates = found
        return found
    }

    func report(_ id: String) -> WeatherReport {
        states[id]!.report(provider: provider, blockedUntil: blockedUntil)
    }
}

extension Logger {
    /// The logger with the provider in its metadata (`weather.provider`), for a service and its client.
    func tagged(_ provider: WeatherProvider) -> Logger {
        var logger = self
        logger[metadataKey: "weather.provider"] = "\(provider.rawValue)"
        return logger
    }
}
