import Foundation
import HubTestSupport
import Testing
@testable import Sensors

/// Integration tests against Debian's mosquitto, started by each test on free loopback ports.
@Suite("MQTT intake against a real mosquitto", .timeLimit(.minutes(1)))
struct MQTTIntakeTests {
    private func brokerSettings(
        _ broker: MosquittoBroker, port: Int? = nil, version: BrokerSettings.ProtocolVersion = .v311, clientID: String? = nil
    ) -> BrokerSettings {
        BrokerSettings(
            host: "127.0.0.1", port: port ?? broker.port, protocolVersion: version,
            clientID: clientID ?? "weatherhub-test-\(UUID().uuidString.prefix(8))", reconnectDelay: .milliseconds(100),
            maxReconnectDelay: .milliseconds(400))
    }

    @Test("receives and stores readings; a retained message without a timestamp has an unknown age", arguments: [
        BrokerSettings.ProtocolVersion.v311, .v5,
    ])
    func receivesReadingsAndRetained(_ version: BrokerSettings.ProtocolVersion) async throws {
        try await MosquittoBroker.with { broker in
            try await broker.publish(topic: "zigbee2mqtt/balcony", payload: #"{"temperature":18.5,"humidity":70}"#, retain: true)
            let hub = try RunningHub(broker: brokerSettings(broker, version: version))
            var changes = hub.changes.makeAsyncIterator()
            let retained = try #require(await nextSnapshot(of: "zigbee2mqtt/balcony", in: hub.store, from: &changes))
            #expect(retained.values[.temperature]?.value == 18.5)
            #expect(retained.values[.temperature]?.ageUnknown == true)
            await hub.waitUntilSubscribed()
            try await broker.publish(topic: "zigbee2mqtt/balcony", payload: #"{"temperature":18.7,"humidity":70}"#)
            let live = try #require(await nextSnapshot(of: "zigbee2mqtt/balcony", in: hub.store, from: &changes))
            #expect(live.values[.temperature]?.value == 18.7)
            #expect(live.values[.temperature]?.ageUnknown == false)
            try await hub.stop()
        }
    }

    @Test("readings published while the hub was down are delivered on reconnect (persistent session)", arguments: [
        BrokerSettings.ProtocolVersion.v311, .v5,
    ])
    func persistentSession(_ version: BrokerSettings.ProtocolVersion) async throws {
        try await MosquittoBroker.with { broker in
            let settings = brokerSettings(broker, version: version)
            let first = try RunningHub(broker: settings)
            await first.waitUntilSubscribed()
            try await first.stop()

            try await broker.publish(topic: "rtl_433/pi/events", payload: #"{"model":"Nexus-TH","id":5,"channel":1,"temperature_C":4.5}"#)

            let second = try RunningHub(broker: settings)
            var changes = second.changes.makeAsyncIterator()
            let snapshot = try #require(await nextSnapshot(of: "Nexus-TH/1/5", in: second.store, from: &changes))
            #expect(snapshot.values[.temperature]?.value == 4.5)
            #expect(second.mqtt.status.sessionPresent)
            try await second.stop()
        }
    }

    @Test("reconnects with backoff after the broker restarts, and keeps receiving")
    func reconnects() async throws {
        try await MosquittoBroker.with { broker in
            let hub = try RunningHub(broker: brokerSettings(broker))
            await hub.waitUntilSubscribed()
            await broker.stop()
            let lost = await hub.waitForStatus { $0.state != .connected }
            #expect(lost.lastError != nil)
            try await broker.restart()
            let back = await hub.waitForStatus { $0.state == .connected && $0.subscribed && $0.reconnectCount >= 1 }
            #expect(back.reconnectCount >= 1)
            var changes = hub.store.changes().makeAsyncIterator()
            try await broker.publish(topic: "zigbee2mqtt/attic", payload: #"{"temperature":25}"#)
            #expect(await nextSnapshot(of: "zigbee2mqtt/attic", in: hub.store, from: &changes)?.values[.temperature]?.value == 25)
            try await hub.stop()
        }
    }

    @Test("password authentication: a wrong password is reported, the right one works")
    func passwordAuthentication() async throws {
        try await MosquittoBroker.with(MosquittoBrokerOptions(passwordUser: ("hub", "s3cret"))) { broker in
            var wrong = brokerSettings(broker, port: broker.passwordPort)
            wrong.username = "hub"
            wrong.password = "wrong"
            let refused = try RunningHub(broker: wrong)
            let status = await refused.waitForStatus { $0.lastError != nil }
            #expect(status.lastError?.contains("not authorised") == true, "\(status.lastError ?? "")")
            try await refused.stop()

            var right = wrong
            right.password = "s3cret"
            let hub = try RunningHub(broker: right)
            await hub.waitUntilSubscribed()
            var changes = hub.store.changes().makeAsyncIterator()
            try await broker.publish(topic: "tele/garden/SENSOR", payload: #"{"SHT3X":{"Temperature":12.5,"Humidity":80},"TempUnit":"C"}"#)
            #expect(await nextSnapshot(of: "garden/SHT3X", in: hub.store, from: &changes)?.values[.humidity]?.value == 80)
            try await hub.stop()
        }
    }

    @Test("TLS with a test CA; a certificate from another CA is refused with the TLS reason")
    func tls() async throws {
        try await MosquittoBroker.with(MosquittoBrokerOptions(tls: true)) { broker in
            let certificates = try #require(broker.certificates)
            var secure = brokerSettings(broker, port: broker.tlsPort)
            secure.host = "localhost"
            secure.tls = BrokerTLSSettings(caFile: certificates.caFile)
            let hub = try RunningHub(broker: secure)
            await hub.waitUntilSubscribed()
            var changes = hub.store.changes().makeAsyncIterator()
            try await broker.publish(topic: "shellies/shellyht-1/sensor/humidity", payload: "61")
            #expect(await nextSnapshot(of: "shellies/shellyht-1", in: hub.store, from: &changes)?.values[.humidity]?.value == 61)
            try await hub.stop()

            var untrusted = secure
            untrusted.tls = BrokerTLSSettings(caFile: certificates.clientCertificateFile)
            let refused = try RunningHub(broker: untrusted)
            let status = await refused.waitForStatus { $0.lastError != nil }
            #expect(status.lastError?.contains("certificate verify failed") == true, "\(status.lastError ?? "")")
            #expect(status.state != .connected)
            try await refused.stop()
        }
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
            let hub = try RunningHub(broker: settings)
            await hub.waitUntilSubscribed()
            #expect(try await broker.retainedPayload(topic: "weatherhub/test/status") == "online")
            try await hub.stop()
            #expect(try await broker.retainedPayload(topic: "weatherhub/test/status") == "offline")
        }
    }

    @Test("a quiet connection stays up: the loop waits long yet pings in time, so the broker never sends the will")
    func quietConnectionKeepsAlive() async throws {
        try await MosquittoBroker.with { broker in
            var settings = brokerSettings(broker)
            settings.keepAlive = .seconds(5)
            settings.availabilityTopic = "weatherhub/test/status"
            let hub = try RunningHub(broker: settings)
            await hub.waitUntilSubscribed()
            // The broker drops a client silent for 1.5 keep-alives and publishes its will ("offline").
            try await Task.sleep(for: .seconds(13))
            #expect(hub.mqtt.status.state == .connected)
            #expect(hub.mqtt.status.reconnectCount == 0)
            #expect(try await broker.retainedPayload(topic: "weatherhub/test/status") == "online")
            try await hub.stop()
        }
    }

    @Test("oversized payloads are dropped on the network thread and counted, never parsed")
    func oversized() async throws {
        try await MosquittoBroker.with { broker in
            var settings = SensorSettings()
            settings.limits.maxPayloadBytes = 256
            let hub = try RunningHub(broker: brokerSettings(broker), settings: settings)
            await hub.waitUntilSubscribed()
            try await broker.publish(topic: "zigbee2mqtt/big", payload: #"{"temperature":20,"pad":""# + String(repeating: "x", count: 1000) + #""}"#)
            var changes = hub.store.changes().makeAsyncIterator()
            try await broker.publish(topic: "zigbee2mqtt/small", payload: #"{"temperature":20}"#)
            _ = await nextSnapshot(of: "zigbee2mqtt/small", in: hub.store, from: &changes)
            let big = try #require(await hub.store.snapshot(of: SensorID("zigbee2mqtt/big")))
            #expect(big.lastRejection?.code == .oversizedPayload)
            #expect(big.values.isEmpty)
            try await hub.stop()
        }
    }

    @Test("publishes at QoS 1 with the retain flag, acknowledged by the broker; an empty retained message clears")
    func publishes() async throws {
        try await MosquittoBroker.with { broker in
            let hub = try RunningHub(broker: brokerSettings(broker))
            await hub.waitUntilSubscribed()
            #expect(await hub.mqtt.publish(Array("42".utf8), to: "hub-test/state", retain: true) == .acknowledged)
            #expect(try await broker.retainedMessages(["hub-test/#"]) == ["hub-test/state": Array("42".utf8)])
            #expect(await hub.mqtt.publish([], to: "hub-test/state", retain: true) == .acknowledged)
            #expect(try await broker.retainedMessages(["hub-test/#"]).isEmpty)
            guard case .refused = await hub.mqtt.publish([1], to: "hub-test/+/wildcard", retain: false) else {
                Issue.record("a topic with a wildcard must be refused by libmosquitto")
                return
            }
            try await hub.stop()
            #expect(await hub.mqtt.publish([1], to: "hub-test/state", retain: false) == .notConnected)
        }
    }

    @Test("command topics reach only the command stream, oversized ones without their bytes; the rest only the intake")
    func commandRouting() async throws {
        try await MosquittoBroker.with { broker in
            var settings = SensorSettings()
            settings.subscriptions = [SensorSubscription(topicFilter: "hub-test/#")]
            let hub = try RunningHub(
                broker: brokerSettings(broker), settings: settings,
                commands: MQTTCommandTopics(topics: ["hub-test/city/set"], maxPayloadBytes: 64))
            await hub.waitUntilSubscribed()
            var commands = hub.mqtt.commands.makeAsyncIterator()
            var changes = hub.changes.makeAsyncIterator()
            try await broker.publish(topic: "hub-test/city/set", payload: "Zürich")
            guard case .message(let command)? = await commands.next() else {
                Issue.record("expected the command")
                return
            }
            #expect(command.topic == "hub-test/city/set" && command.payload == Array("Zürich".utf8) && !command.retained)
            try await broker.publish(topic: "hub-test/city/set", payload: String(repeating: "x", count: 100))
            guard case .oversized(let topic, let bytes, _)? = await commands.next() else {
                Issue.record("expected the oversized command")
                return
            }
            #expect(topic == "hub-test/city/set" && bytes == 100)
            try await broker.publish(topic: "hub-test/attic/humidity", payload: "55")
            let attic = try #require(await nextSnapshot(of: "hub-test/attic", in: hub.store, from: &changes))
            #expect(attic.values[.humidity]?.value == 55)
            #expect(await hub.store.snapshots().map(\.sensor.rawValue) == ["hub-test/attic"])
            try await hub.stop()
        }
    }

    @Test("the intake ignores the topics the hub publishes itself")
    func ownTopics() async throws {
        try await MosquittoBroker.with { broker in
            var settings = SensorSettings()
            settings.subscriptions = [SensorSubscription(topicFilter: "hub-test/#")]
            settings.ownTopics = ["hub-test/state"]
            let hub = try RunningHub(broker: brokerSettings(broker), settings: settings)
            await hub.waitUntilSubscribed()
            var changes = hub.changes.makeAsyncIterator()
            try await broker.publish(topic: "hub-test/state", payload: #"{"temperature":20}"#)
            try await broker.publish(topic: "hub-test/balcony", payload: #"{"temperature":21}"#)
            #expect(await nextSnapshot(of: "hub-test/balcony", in: hub.store, from: &changes) != nil)
            #expect(await hub.store.snapshots().map(\.sensor.rawValue) == ["hub-test/balcony"])
            #expect(await hub.intake.statistics.ignored >= 1)
            try await hub.stop()
        }
    }
}
