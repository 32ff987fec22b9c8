#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import MQTTConnection
import Sensors
import WeatherWidgets

extension HubMQTTService {
    /// Commands on one topic beyond this many at once, or this many a minute, are dropped (a city command
    /// may cost a geocoding call).
    static let commandBurst = 5
    static let commandsPerMinute = 10.0

    /// Takes the commands one at a time, in arrival order. A refused one is logged (within a budget of
    /// lines a minute) and changes nothing; the answer to a city command is published.
    func takeCommands(into signals: HubSignals) async {
        let executor = HubCommandExecutor(actions: parts.actions, logger: logger)
        let topics = settings.topics
        var throttle = LogThrottle(linesPerMinute: 10)
        var budget = FloodGuard<String>(burst: Self.commandBurst, perMinute: Self.commandsPerMinute, capacity: 8)
        for await delivery in parts.connection.commands() {
            switch delivery {
            case .oversized(let topic, let bytes, let arrivedAt):
                refuse(
                    topic, "the payload has \(bytes) bytes, more than the \(HubCommand.maxPayloadBytes) a command may have",
                    at: arrivedAt, throttle: &throttle)
            case .message(let message):
                guard budget.permits(message.topic, at: message.arrivedAt) else {
                    refuse(
                        message.topic,
                        "more commands on this topic than the \(Self.commandBurst) at once and \(Int(Self.commandsPerMinute)) a minute the hub takes",
                        at: message.arrivedAt, throttle: &throttle)
                    continue
                }
                do throws(HubCommandRefusal) {
                    let command = try HubCommand.parse(message, topics: topics)
                    let result = await executor.run(command)
                    signals.post { wakeup in
                        wakeup.factsChanged = true
                        if let result { wakeup.cityResult = result }
                    }
                } catch {
                    refuse(message.topic, error.description, at: message.arrivedAt, throttle: &throttle)
                }
            }
        }
    }

    /// Logs a refused command, unless this minute's lines are spent (the next line says how many were not).
    private func refuse(_ topic: String, _ reason: String, at time: Date, throttle: inout LogThrottle) {
        let permit = throttle.permit(at: time)
        guard permit.allowed else { return }
        var metadata: Logger.Metadata = ["mqtt.topic": "\(topic)"]
        if permit.suppressedBefore > 0 { metadata["log.suppressed"] = "\(permit.suppressedBefore)" }
        logger.notice("MQTT command refused, nothing changed: \(reason)", metadata: metadata)
    }
}
