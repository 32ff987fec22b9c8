import Foundation
import HubTestSupport
import MQTTConnection
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
            #expect(second.mqtt.connection.status.sessionPresent)
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

    @Test("command topics reach only the command stream, oversized ones without their bytes; the rest only the intake")
    func commandRouting() async throws {
        try await MosquittoBroker.with { broker in
            var settings = SensorSettings()
            settings.subscriptions = [SensorSubscription(topicFilter: "hub-test/#")]
            let hub = try RunningHub(
                broker: brokerSettings(broker), settings: settings,
                commands: MQTTCommandTopics(topics: ["hub-test/city/set"], maxPayloadBytes: 64))
            await hub.waitUntilSubscribed()
            var commands = hub.mqtt.connection.commands().makeAsyncIterator()
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

    @Test("a kept connection goes on into the next build: a reading and a command sent between the two reach the second, over one connection")
    func keptConnection() async throws {
        try await MosquittoBroker.with { broker in
            var settings = SensorSettings()
            settings.subscriptions = [SensorSubscription(topicFilter: "hub-test/#")]
            let commands = MQTTCommandTopics(topics: ["hub-test/city/set"])
            let keeper = BrokerConnectionKeeper()
            let plan = MQTTIntake.ConnectionPlan(broker: brokerSettings(broker), settings: settings, commands: commands)
            let first = try RunningHub(
                broker: plan.broker, settings: settings, commands: commands, keeper: keeper, succession: .init(from: plan, to: plan))
            await first.waitUntilSubscribed()
            try await first.stop()
            #expect(first.mqtt.connection.isRunning)

            try await broker.publish(topic: "hub-test/attic/humidity", payload: "55")
            try await broker.publish(topic: "hub-test/city/set", payload: "Zürich")
            let second = try RunningHub(broker: plan.broker, settings: settings, commands: commands, keeper: keeper)
            #expect(second.mqtt.connection === first.mqtt.connection)
            var changes = second.changes.makeAsyncIterator()
            let attic = try #require(await nextSnapshot(of: "hub-test/attic", in: second.store, from: &changes))
            #expect(attic.values[.humidity]?.value == 55)
            var taken = second.mqtt.connection.commands().makeAsyncIterator()
            guard case .message(let command)? = await taken.next() else {
                Issue.record("expected the command sent between the builds")
                return
            }
            #expect(command.payload == Array("Zürich".utf8))
            let connections = broker.logText.components(separatedBy: "\n").filter { $0.contains("New client connected") && $0.contains(" as \(plan.broker.clientID)") }
            #expect(connections.count == 1, "\(broker.logText)")

            try await second.stop()
            #expect(!second.mqtt.connection.isRunning, "the last build leaves the broker")
            #expect(try await broker.retainedPayload(topic: plan.broker.availabilityTopic ?? "", seconds: 2) == "offline")
        }
    }

    @Test("a plan that changed connects anew; the same broker is not told the hub went offline")
    func replacedConnection() async throws {
        try await MosquittoBroker.with { broker in
            var settings = SensorSettings()
            settings.subscriptions = [SensorSubscription(topicFilter: "hub-test/#")]
            let keeper = BrokerConnectionKeeper()
            let plan = MQTTIntake.ConnectionPlan(broker: brokerSettings(broker), settings: settings, commands: MQTTCommandTopics())
            var other = settings
            other.subscriptions = [SensorSubscription(topicFilter: "other/#")]
            let next = MQTTIntake.ConnectionPlan(broker: plan.broker, settings: other, commands: MQTTCommandTopics())
            #expect(MQTTIntake.Succession(from: plan, to: next) == .reconnecting)
            let first = try RunningHub(broker: plan.broker, settings: settings, keeper: keeper, succession: .init(from: plan, to: next))
            await first.waitUntilSubscribed()
            try await first.stop()
            #expect(!first.mqtt.connection.isRunning)
            #expect(try await broker.retainedPayload(topic: plan.broker.availabilityTopic ?? "", seconds: 2) == "online")

            let second = try RunningHub(broker: plan.broker, settings: other, keeper: keeper)
            #expect(second.mqtt.connection !== first.mqtt.connection)
            await second.waitUntilSubscribed()
            var changes = second.changes.makeAsyncIterator()
            try await broker.publish(topic: "other/cellar/humidity", payload: "71")
            #expect(try #require(await nextSnapshot(of: "other/cellar", in: second.store, from: &changes)).values[.humidity]?.value == 71)
            try await second.stop()
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
