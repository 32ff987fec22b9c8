import FoundationEssentials
import HubSystem
import Logging

/// The service's memory: each location's state, loaded from the disk cache on first use; the parts a
/// fetcher keeps; and the call ledger with the daily limit.
extension WeatherService {
    /// The location's state, loaded from the disk cache on first use. The cached data's time counts as
    /// the last call, so a restart does not call again sooner than the minimum interval.
    func state(for location: Location) -> LocationState {
        let id = location.cacheKey
        if let state = states[id] { return state }
        let current: Fetched<CurrentConditions>? = loadCached(.current, for: location)
        let forecast: Fetched<Forecast>? = loadCached(.forecast, for: location)
        var state = LocationState(location: location, current: current, forecast: forecast, nextAllowedCall: now())
        if let log: Fetched<PressureLog> = loadCached(.pressureLog, for: location) { state.pressureLog = log.value }
        if let last = state.lastSuccess, current?.units == fetcher.units, forecast?.units == fetcher.units {
            state.nextAllowedCall = last + callPolicy.minimumInterval
        }
        states[id] = state
        stateOrder.append(id)
        return state
    }

    /// Keeps the current conditions in memory and in the disk cache, and logs their pressure together
    /// with any earlier observations the provider gave with them (a provider's past hours).
    func keep(_ current: CurrentConditions, for location: Location, earlierPressure: [PressureLog.Observation] = []) {
        keep(current, in: \.current, as: .current, for: location)
        guard var log = states[location.cacheKey]?.pressureLog else { return }
        for observation in earlierPressure + [PressureLog.Observation(time: current.observedAt, hectopascals: Double(current.pressure))] {
            log = log.adding(observation)
        }
        states[location.cacheKey]?.pressureLog = log
        store(Fetched(value: log, fetchedAt: now(), units: fetcher.units), as: .pressureLog, for: location)
    }

    /// Keeps the forecast in memory and in the disk cache.
    func keep(_ forecast: Forecast, for location: Location) {
        keep(forecast, in: \.forecast, as: .forecast, for: location)
    }

    /// Counts `cost` calls (as the provider counts them), or refuses them when the day's limit would be
    /// passed.
    func spendCalls(_ cost: Int) throws(WeatherFault) {
        let time = now()
        var ledger = self.ledger
        guard ledger.calls(on: time) + cost <= fetcher.dailyCallLimit else {
            throw .dailyLimitReached(limit: fetcher.dailyCallLimit)
        }
        ledger.countCalls(cost, at: time)
        save(ledger)
    }

    var ledger: CallLedger {
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

    func save(_ ledger: CallLedger) {
        loadedLedger = ledger
        do {
            try cache.store(ledger)
        } catch {
            logger.warning("Could not write the call ledger: \(error)")
        }
    }

    private func keep<Value>(
        _ value: Value, in field: WritableKeyPath<LocationState, Fetched<Value>?>, as part: WeatherCache.Part, for location: Location
    ) {
        let fetched = Fetched(value: value, fetchedAt: now(), units: fetcher.units)
        states[location.cacheKey]?[keyPath: field] = fetched
        store(fetched, as: part, for: location)
    }

    private func store<Value>(_ fetched: Fetched<Value>, as part: WeatherCache.Part, for location: Location) {
        do {
            try cache.store(fetched, as: part, for: location)
        } catch {
            logger.warning("Could not write the weather cache: \(error)")
        }
    }

    private func loadCached<Value>(_ part: WeatherCache.Part, for location: Location) -> Fetched<Value>? {
        do {
            return try cache.load(part, for: location)
        } catch {
            logger.warning("Ignoring the weather cache: \(error)")
            return nil
        }
    }
}
