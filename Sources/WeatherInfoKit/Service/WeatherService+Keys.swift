import FoundationEssentials
import HubSystem
import Logging

/// The key's history, for providers whose calls carry one: a new key lifts every backoff and starts an
/// activation period, during which a refusal reads "not active yet" until the key has once worked.
extension WeatherService {
    /// Reads the key; a new key (another fingerprint) starts its activation period and lifts the backoff
    /// of every location in fault, so it is tried at once.
    func currentKey(at time: Date) throws(WeatherFault) -> APIKey? {
        guard let found = try fetcher.key() else { return nil }
        var ledger = self.ledger
        let fingerprint = found.key.fingerprint
        let isNewKey = ledger.keyFingerprint != fingerprint
        if isNewKey {
            ledger.keyFingerprint = fingerprint
            ledger.keyFirstUsed = time
            ledger.keyAccepted = false
            save(ledger)
            blockedUntil = nil
            logger.info("Using a new \(provider.displayName) API key", metadata: ["weather.key_source": "\(found.origin)"])
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
        return found.key
    }

    /// A refused key is "not active yet" while it is new and has never been accepted.
    func keyFault(_ fault: WeatherFault, at time: Date) -> WeatherFault {
        let ledger = self.ledger
        guard fault == .keyRefused, !ledger.keyAccepted, let firstUsed = ledger.keyFirstUsed,
            time < firstUsed + callPolicy.keyActivationPeriod
        else { return fault }
        return .keyNotActiveYet(since: firstUsed)
    }

    /// Notes that the provider accepted the current key.
    func keyWasAccepted() {
        var ledger = self.ledger
        guard ledger.keyFingerprint != nil, !ledger.keyAccepted else { return }
        ledger.keyAccepted = true
        save(ledger)
    }
}
