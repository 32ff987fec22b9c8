import FoundationEssentials
import HubSystem
import Logging

/// What a refresh's outcome does to a location's schedule: a good answer clears the fault and the
/// backoff; a fault backs off (or waits for `Retry-After` or the next UTC day).
extension WeatherService {
    func succeed(_ id: String, at time: Date) {
        keyWasAccepted()
        guard var state = states[id] else { return }
        if state.fault != nil {
            logger.info("\(provider.displayName) answers again", metadata: ["weather.location": "\(state.location.displayName)"])
        }
        state.fault = nil
        state.consecutiveFailures = 0
        state.nextAllowedCall = time + callPolicy.minimumInterval
        states[id] = state
    }

    func fail(_ id: String, _ fault: WeatherFault, at time: Date) {
        guard var state = states[id] else { return }
        // A cancelled call says nothing about the provider: keep the state as it was.
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
            let delay = callPolicy.retryDelay(after: fault, failures: state.consecutiveFailures, randomUnit: randomUnit())
            state.nextAllowedCall = time + delay
        }
        states[id] = state
        logger.warning(
            "\(fault.message(from: provider))",
            metadata: [
                "weather.location": "\(state.location.displayName)", "weather.fault": "\(fault)",
                "weather.failures": "\(state.consecutiveFailures)", "weather.next_call": "\(state.nextAllowedCall.utcTimestamp)",
            ])
    }

    /// A `Retry-After` applies to the whole provider, capped at a day so a wild header cannot silence the hub.
    func noteRateLimit(_ fault: WeatherFault, at time: Date) {
        guard case .rateLimited(let until?) = fault, until > time else { return }
        blockedUntil = min(until, time + .seconds(86_400))
    }
}
