import Foundation
import HubTestSupport
import Logging
import NIOCore
import Testing
@testable import MQTTConnection

/// The connection on its own against Debian's mosquitto, started by each test on free loopback ports.
@Suite("MQTT connection against a real mosquitto", .timeLimit(.minutes(1)))
struct BrokerConnectionTests {
    private func brokerSettings(_ broker: MosquittoBroker) -> BrokerSettings {
        BrokerSettings(
            host: "127.0.0.1", port: broker.port, clientID: "weatherhub-test-\(UUID().uuidString.prefix(8))",
            reconnectDelay: .milliseconds(100), maxReconnectDelay: .milliseconds(400))
    }

    @Test("a missing TLS file is a configuration error that says which file")
    func missingTLSFile() async throws {
        var settings = BrokerSettings(host: "127.0.0.1", port: 1)
        settings.tls = BrokerTLSSettings(caFile: "/nonexistent/ca.crt")
        let events = MosquittoEvents(
            configuration: .init(subscriptions: [], protocolVersion: .v311, availabilityTopic: nil, onlinePayload: "", maxPayloadBytes: 10),
            deliveries: DeliveryQueue(capacity: 1, byteCapacity: 1), now: { Date() })
        #expect {
            _ = try MosquittoConnection(broker: settings, events: events)
        } throws: { error in
            "\(error)".contains("/nonexistent/ca.crt")
        }
    }

    @Test("announces online when connected and offline on graceful shutdown, retained")
    func availabilityAnnouncements() async throws {
        try await MosquittoBroker.with { broker in
            var settings = brokerSettings(broker)
            settings.availabilityTopic = "weatherhub/test/status"
            let running = try RunningConnection(broker: settings)
            await running.waitUntilSubscribed()
            #expect(try await broker.retainedPayload(topic: "weatherhub/test/status") == "online")
            await running.stop()
            #expect(try await broker.retainedPayload(topic: "weatherhub/test/status") == "offline")
        }
    }

    @Test("a quiet connection stays up: the loop waits long yet pings in time, so the broker never sends the will")
    func quietConnectionKeepsAlive() async throws {
        try await MosquittoBroker.with { broker in
            var settings = brokerSettings(broker)
            settings.keepAlive = .seconds(5)
            settings.availabilityTopic = "weatherhub/test/status"
            let running = try RunningConnection(broker: settings)
            await running.waitUntilSubscribed()
            // The broker drops a client silent for 1.5 keep-alives and publishes its will ("offline").
            try await Task.sleep(for: .seconds(13))
            #expect(running.connection.status.state == .connected)
            #expect(running.connection.status.reconnectCount == 0)
            #expect(try await broker.retainedPayload(topic: "weatherhub/test/status") == "online")
            await running.stop()
        }
    }

    @Test("publishes at QoS 1 with the retain flag, acknowledged by the broker; an empty retained message clears")
    func publishes() async throws {
        try await MosquittoBroker.with { broker in
            let running = try RunningConnection(broker: brokerSettings(broker))
            await running.waitUntilSubscribed()
            #expect(await running.connection.publish(Array("42".utf8), to: "hub-test/state", retain: true) == .acknowledged)
            #expect(try await broker.retainedMessages(["hub-test/#"]) == ["hub-test/state": Array("42".utf8)])
            #expect(await running.connection.publish([], to: "hub-test/state", retain: true) == .acknowledged)
            #expect(try await broker.retainedMessages(["hub-test/#"]).isEmpty)
            guard case .refused = await running.connection.publish([1], to: "hub-test/+/wildcard", retain: false) else {
                Issue.record("a topic with a wildcard must be refused by libmosquitto")
                return
            }
            await running.stop()
            #expect(await running.connection.publish([1], to: "hub-test/state", retain: false) == .notConnected)
        }
    }
}

/// A started connection whose subscription messages are taken and dropped, as an owner runs it.
/// `stop()` stops it as a graceful shutdown does.
final class RunningConnection: Sendable {
    let connection: BrokerConnection
    private let consumer: Task<Void, Never>

    init(broker: BrokerSettings) throws {
        var logger = Logger(label: "test.mqtt")
        logger.logLevel = .warning
        connection = BrokerConnection(
            broker: broker,
            subscriptions: .init(topicFilters: ["hub-test/#"], maxPayloadBytes: 1024, queueCapacity: 64, queueBytes: 1 << 16),
            logger: logger)
        try connection.start()
        let connection = self.connection
        consumer = Task {
            var batch = CircularBuffer<MQTTDelivery>()
            while await connection.take(into: &batch) {}
        }
    }

    /// Waits until connected with every subscription acknowledged.
    func waitUntilSubscribed() async {
        for await status in connection.statusUpdates() where status.state == .connected && status.subscribed { return }
    }

    /// Announces `offline`, disconnects and waits until everything buffered was taken.
    func stop() async {
        await connection.stop(announcingOffline: true)
        await consumer.value
    }
}
