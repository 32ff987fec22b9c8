#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EPaper
import HubConfig
import InkUI
import Logging
import MQTTConnection
import WeatherWidgets

extension HubMQTTService {
    /// The one task that publishes: on each wake-up it brings the desired retained messages up to date
    /// and, while connected, publishes what changed (every message again on a new connection), then
    /// clears what the configuration no longer has.
    func publish(from signals: HubSignals) async {
        let topics = settings.topics
        let discovery = settings.homeAssistant.map {
            DiscoveryConfig(settings: $0, topics: topics, broker: parts.connection.broker)
        }
        var retained = RetainedTopics(
            recorded: record.load(), owned: settings.publishedTopics,
            isDiscoveryTopic: { [prefix = settings.homeAssistant?.discoveryPrefix] topic in
                prefix.map { topic.hasPrefix($0 + "/") } ?? false
            })
        if settings.isEnabled, let homeAssistant = settings.homeAssistant, let discovery {
            for entity in HomeAssistantCatalog.entities(features: settings.features) {
                retained.set(homeAssistant.discoveryTopic(for: entity), discovery.payload(for: entity).bytes)
            }
        }
        let facts = HubFactsSource(data: parts.data, panel: parts.panel, features: settings.features)
        let messages = StateMessages(topics: topics)
        var ages = ObservationAges()
        var image = PanelImage()
        var connectedSince: Date?
        var timeout: Duration?
        var wakeup = HubWakeup(factsChanged: true)
        while !Task.isCancelled {
            if let status = wakeup.connection {
                if status.state == .connected, status.connectedSince != connectedSince { retained.newConnection() }
                connectedSince = status.state == .connected ? status.connectedSince : nil
            }
            if let frame = wakeup.frame, let png = image.png(of: frame, logger: logger) {
                retained.set(topics.panelImage, png)
            }
            if let result = wakeup.cityResult { retained.set(topics.cityResult, result.payload.bytes) }
            if settings.isEnabled {
                let now = parts.data.now()
                let (current, changesAt) = await facts.facts(at: now, ages: &ages)
                for (topic, payload) in messages.messages(for: current) { retained.set(topic, payload) }
                timeout = changesAt.map { .seconds(max(1, $0.timeIntervalSince(now))) }
            }
            if connectedSince != nil { await publishPending(&retained) }
            if !settings.isEnabled, retained.isClean, connectedSince != nil {
                logger.info("retained MQTT messages of an earlier configuration cleared")
                return
            }
            wakeup = await signals.next(timeout: timeout)
        }
    }

    /// Publishes what changed, recording new topics first; stops at the first message the broker does
    /// not take (the next wake-up tries again).
    private func publishPending(_ retained: inout RetainedTopics) async {
        retained.recordPending()
        save(retained.recorded)
        for (topic, payload) in retained.pending {
            switch await parts.connection.publish(payload, to: topic, retain: true) {
            case .acknowledged:
                retained.acknowledged(topic, payload)
            case .notConnected:
                return
            case .timedOut:
                logger.warning("the broker did not acknowledge a message in time; publishing again later", metadata: ["mqtt.topic": "\(topic)"])
                return
            case .refused(let why):
                logger.error("a message cannot be published: \(why)", metadata: ["mqtt.topic": "\(topic)"])
                retained.acknowledged(topic, payload)
            }
        }
        save(retained.recorded)
    }

    private func save(_ topics: Set<String>) {
        do {
            try record.save(topics)
        } catch {
            logger.warning("cannot record the hub's retained topics", metadata: ["path": "\(record.path)", "error": "\(error)"])
        }
    }
}
