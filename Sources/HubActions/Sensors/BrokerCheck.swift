import HubSystem
public import Logging
public import MQTTConnection

/// "Test connection" for a broker, for every door: one connection with the given address and
/// credentials, its own client id and no session, closed again at once; the running intake is not
/// touched. The outcome says what happened in plain words.
public enum BrokerCheck {
    /// What the test found.
    public enum Outcome: Sendable, Equatable {
        /// The broker accepted the connection; the text says where and as whom.
        case connected(String)
        /// It did not; the text says why.
        case failed(String)
    }

    /// Connects to `broker` and waits, at most `timeout`, for its answer.
    public static func run(_ broker: BrokerSettings, timeout: Duration = .seconds(10), logger: Logger) async -> Outcome {
        var settings = broker
        settings.clientID = "weatherhub-check-\(UInt32.random(in: 0...UInt32.max))"
        settings.persistentSession = false
        settings.availabilityTopic = nil
        let address = "\(settings.host):\(settings.port)"
        let user = settings.username.map { " as \($0)" } ?? ""
        let connection = BrokerConnection(
            broker: settings, subscriptions: .init(topicFilters: [], maxPayloadBytes: 1024, queueCapacity: 1, queueBytes: 1024), logger: logger)
        do {
            try connection.start()
        } catch {
            return .failed("The settings cannot be used: \(error).")
        }
        let outcome = await withTimeout(timeout) { () async -> Outcome in
            for await status in connection.statusUpdates() {
                if status.state == .connected {
                    return .connected("Connected to \(address)\(user); the broker accepted the hub.")
                }
                if let error = status.lastError { return .failed("\(address) did not accept the connection: \(error).") }
            }
            return .failed("The connection to \(address) ended without an answer.")
        }
        await connection.stop(announcingOffline: false)
        return outcome ?? .failed("No answer from \(address) within \(timeout.components.seconds) s: check the address and port, and that the broker runs.")
    }
}
