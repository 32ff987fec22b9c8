import Foundation
import HubTestSupport
import SharedDefaultsKit
import Testing
import WeatherInfoKit
import WeatherWidgets

/// The hub as a Home Assistant device and MQTT citizen, for real: the built service, a real mosquitto,
/// `mosquitto_pub`/`mosquitto_sub` as Home Assistant and Node-RED would talk to it.
@Suite("Home Assistant and MQTT end to end", .serialized, .timeLimit(.minutes(3)))
struct HomeAssistantEndToEndTests {
    @Test("every discovery config follows the documented schema, field by field, and survives restarts and city changes")
    func discoverySchema() async throws {
        try await OpenWeatherMapTestServer.withRunningServer { server in
            server.addCity(LoopbackWeather.lyon, at: Date())
            server.addCity(LoopbackWeather.paris, at: Date())
            try await MosquittoBroker.with { broker in
                let provider = "  base_url: \(server.baseURL)\n  city: Lyon\n  country: FR"
                let hub = try MQTTHub(broker: broker, configuration: MQTTHub.configuration(broker: broker, provider: provider))
                try await hub.start()
                let first = try await hub.broker.retainedMessages(["homeassistant/#"])
                let expected: Set = [
                    "sensor/outdoor_temperature", "sensor/outdoor_humidity", "sensor/outdoor_pressure", "sensor/condition",
                    "sensor/pressure_trend", "sensor/openweathermap_calls_today", "sensor/panel_last_refresh",
                    "sensor/panel_refreshes_since_full", "binary_sensor/problem", "image/panel", "text/city", "sensor/city_change",
                    "select/forecast_day", "button/reload",
                ]
                #expect(Set(first.keys) == Set(expected.map { "homeassistant/\($0.replacingOccurrences(of: "/", with: "/weatherhub/"))/config" }))
                let states = try await hub.broker.retainedMessages(["weatherhub/#"])
                var uniqueIDs: Set<String> = []
                for (topic, payload) in first.sorted(by: { $0.key < $1.key }) {
                    let config = try #require(try JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any], "\(topic)")
                    try check(config, at: topic, states: states)
                    uniqueIDs.insert(config["unique_id"] as? String ?? "")
                }
                #expect(uniqueIDs.count == expected.count, "unique_ids must differ")

                // A new city and a restart change no config: the unique_ids never come from the city.
                let city = try hub.sandbox.ctl(["city", "set", "Paris"])
                #expect(city.status == 0, "\(city.error)")
                #expect(hub.sandbox.stopService() == 0)
                try await hub.start()
                #expect(try await hub.broker.retainedMessages(["homeassistant/#"]) == first)
                #expect(hub.sandbox.stopService() == 0)
            }
        }
    }

    /// One config against `DiscoverySchema`: its topic, its platform's documented options and required
    /// ones, the shared device and availability, the classes and units that apply, and state topics
    /// that exist.
    private func check(_ config: [String: Any], at topic: String, states: [String: [UInt8]]) throws {
        let levels = topic.split(separator: "/").map(String.init)
        try #require(levels.count == 5 && levels[0] == "homeassistant" && levels[2] == "weatherhub" && levels[4] == "config", "\(topic)")
        let (component, objectID) = (levels[1], levels[3])
        #expect(objectID.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }, "\(topic)")
        let platform = try #require(DiscoverySchema.platforms[component], "\(topic): an unknown platform")
        let keys = Set(config.keys)
        #expect(keys.subtracting(platform.options).isEmpty, "\(topic): undocumented options \(keys.subtracting(platform.options))")
        #expect(platform.required.isSubset(of: keys), "\(topic): missing \(platform.required.subtracting(keys))")
        #expect(platform.oneOf.isEmpty || platform.oneOf.intersection(keys).count == 1, "\(topic)")
        #expect(config["unique_id"] as? String == "weatherhub_\(objectID)", "\(topic)")
        #expect((config["name"] as? String)?.isEmpty == false, "\(topic)")
        let device = try #require(config["device"] as? [String: Any], "\(topic)")
        #expect(device["identifiers"] as? [String] == ["weatherhub"])
        #expect(device["name"] as? String == "WeatherHub")
        #expect((config["origin"] as? [String: Any])?["name"] as? String == "weatherhub")
        #expect(config["availability_topic"] as? String == "weatherhub/status", "\(topic)")
        #expect(config["payload_available"] as? String == "online" && config["payload_not_available"] as? String == "offline")
        if let category = config["entity_category"] as? String { #expect(DiscoverySchema.entityCategories.contains(category)) }
        if let qos = config["qos"] { #expect(qos as? Int == 1, "\(topic)") }
        if let stateClass = config["state_class"] as? String { #expect(DiscoverySchema.stateClasses.contains(stateClass), "\(topic)") }
        switch component {
        case "sensor":
            let deviceClass = config["device_class"] as? String
            if let deviceClass {
                let units = try #require(DiscoverySchema.sensorDeviceClassUnits[deviceClass], "\(topic): device class \(deviceClass)")
                if units.isEmpty {
                    #expect(config["unit_of_measurement"] == nil, "\(topic)")
                } else {
                    #expect(units.contains(config["unit_of_measurement"] as? String ?? ""), "\(topic)")
                }
            }
            if let options = config["options"] as? [String] {
                #expect(deviceClass == "enum" && !options.isEmpty && config["state_class"] == nil, "\(topic)")
            }
            if objectID.hasPrefix("outdoor_") {
                #expect(config["state_class"] as? String == "measurement", "\(topic)")
                #expect(config["expire_after"] as? Int == 3600, "\(topic)")
            }
        case "binary_sensor":
            #expect(DiscoverySchema.binarySensorDeviceClasses.contains(config["device_class"] as? String ?? ""), "\(topic)")
            #expect(config["payload_on"] as? String == "ON" && config["payload_off"] as? String == "OFF")
        case "text":
            let (minimum, maximum) = (config["min"] as? Int ?? 0, config["max"] as? Int ?? 255)
            #expect(minimum >= 0 && minimum <= maximum && maximum <= 255, "\(topic)")
            #expect(config["mode"] as? String == "text")
        case "select":
            #expect((config["options"] as? [String])?.count == 5, "\(topic)")
        case "button":
            #expect(config["payload_press"] as? String == "PRESS")
        case "image":
            #expect(config["content_type"] as? String == "image/png")
        default:
            break
        }
        for key in ["state_topic", "json_attributes_topic"] {
            guard let stateTopic = config[key] as? String else { continue }
            #expect(stateTopic.hasPrefix("weatherhub/"), "\(topic): \(key)")
            if stateTopic != "weatherhub/city/result" { #expect(states[stateTopic] != nil, "\(topic): nothing retained on \(stateTopic)") }
        }
        if let commandTopic = config["command_topic"] as? String {
            #expect(commandTopic.hasPrefix("weatherhub/") && commandTopic.hasSuffix("/set"), "\(topic)")
        }
    }

    @Test("a city sent over MQTT is stored, the panel's frame changes, and the state and image topics follow")
    func cityRoundTrip() async throws {
        try await MosquittoBroker.with { broker in
            let hub = try MQTTHub(broker: broker)
            try await hub.start(awaiting: "weatherhub/panel/image")
            let watcher = try await MosquittoSubscriber.start(broker, filters: ["weatherhub/#"])
            defer { watcher.stop() }
            let lyonImage = try await watcher.next(on: "weatherhub/panel/image").payload

            try await broker.publish(topic: "weatherhub/city/set", payload: "Zürich")
            let result = try await watcher.next(on: "weatherhub/city/result")
            #expect(result.json?["value"] as? String == "saved", "\(result.text)")
            #expect(try hub.defaults().value(for: .city)?.displayName == "Zürich, CH")
            #expect(try await watcher.next(on: "weatherhub/city", where: { !$0.retained }).text == "Zürich, CH")
            let state = try await watcher.next(on: "weatherhub/state", where: { $0.json?["city"] as? String == "Zürich, CH" })
            #expect(state.json?["forecast_day"] as? Int == 0)
            let zurichImage = try await watcher.next(on: "weatherhub/panel/image", where: { !$0.retained && $0.payload != lyonImage })
            #expect(Array(zurichImage.payload.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

            // The forecast select and the reload button do what `weatherctl open` and `weatherctl reload` do.
            let images = watcher.messages(on: "weatherhub/panel/image").count
            try await broker.publish(topic: "weatherhub/forecast_day/set", payload: "2")
            _ = try await watcher.next(on: "weatherhub/forecast_day", where: { !$0.retained && $0.text == "2" })
            #expect(try hub.defaults().value(for: .selectedForecastDay) == 2)
            _ = try await watcher.next(on: "weatherhub/panel/image", after: images)
            let timelines = { hub.sandbox.serviceLog.components(separatedBy: "timeline arrived").count - 1 }
            let before = timelines()
            try await broker.publish(topic: "weatherhub/reload/set", payload: "PRESS")
            try await waitUntil { timelines() >= before + 2 }

            // The image is what the panel shows: the simulated panel's latest frame, byte for byte. The frame file
            // and the retained image are written one after the other: a loaded machine may read them a moment apart.
            _ = try hub.sandbox.ctl(["reload", "--wait"])
            try await waitUntil(timeout: .seconds(10)) {
                let latest = try [UInt8](Data(contentsOf: URL(fileURLWithPath: hub.sandbox.latestFrame)))
                return try await hub.broker.retainedMessages(["weatherhub/panel/image"])["weatherhub/panel/image"] == latest
            }
            // At most one message per change: no topic repeats a payload it already had.
            for topic in Set(watcher.all.map(\.topic)) where topic.hasPrefix("weatherhub/") && !topic.hasSuffix("/set") {
                let payloads = watcher.messages(on: topic).filter { !$0.retained }.map(\.payload)
                #expect(zip(payloads, payloads.dropFirst()).allSatisfy { $0 != $1 }, "\(topic) repeated a payload")
            }
            #expect(hub.sandbox.stopService() == 0)
        }
    }

    @Test("an ambiguous or unknown name is answered on the result topic and changes nothing")
    func ambiguousAndUnknownNames() async throws {
        try await MosquittoBroker.with { broker in
            let hub = try MQTTHub(broker: broker)
            try await hub.start()
            let watcher = try await MosquittoSubscriber.start(broker, filters: ["weatherhub/city/#"])
            defer { watcher.stop() }
            try await broker.publish(topic: "weatherhub/city/set", payload: "Paris")
            let ambiguous = try await watcher.next(on: "weatherhub/city/result")
            #expect(ambiguous.json?["value"] as? String == "ambiguous")
            let attributes = try #require(ambiguous.json?["attributes"] as? [String: Any])
            #expect(attributes["candidates"] as? [String] == ["Paris, FR", "Paris, TX, US"])
            try await broker.publish(topic: "weatherhub/city/set", payload: "Atlantis")
            #expect(try await watcher.next(on: "weatherhub/city/result", after: 1).json?["value"] as? String == "not_found")
            try await broker.publish(topic: "weatherhub/city/set", payload: "  ")
            #expect(try await watcher.next(on: "weatherhub/city/result", after: 2).json?["value"] as? String == "refused")
            #expect(try hub.defaults().value(for: .city) == nil)
            #expect(watcher.messages(on: "weatherhub/city").allSatisfy { $0.text == "Lyon, FR" })
            #expect(hub.sandbox.stopService() == 0)
        }
    }

    @Test("bad command payloads are refused, logged within a budget, and change nothing")
    func malformedCommands() async throws {
        try await MosquittoBroker.with { broker in
            // Retained commands waiting on the broker before the hub first subscribes: a command acts once.
            try await broker.publish(topic: "weatherhub/forecast_day/set", payload: "3", retain: true)
            try await broker.publish(topic: "weatherhub/city/set", payload: "Zürich", retain: true)
            let hub = try MQTTHub(broker: broker)
            try await hub.start()
            let watcher = try await MosquittoSubscriber.start(broker, filters: ["weatherhub/#"])
            defer { watcher.stop() }
            let tenMiB = [UInt8](repeating: UInt8(ascii: "a"), count: 10 << 20)
            // The forecast topic's burst of five is spent by the retained command and four of these: the
            // fifth is refused for the rate alone. One publisher sends them at once, so no token comes back
            // (one every 6 s) however slow the machine.
            let forecastCommands = try MosquittoLinePublisher(broker: broker, topic: "weatherhub/forecast_day/set")
            for payload in [[0xFF, 0xFE, 0x32], Array("two".utf8), Array("7".utf8), Array("-1".utf8), Array("2".utf8)] as [[UInt8]] {
                forecastCommands.send(bytes: payload)
            }
            try await forecastCommands.finish()
            let bad: [(String, [UInt8])] = [
                ("weatherhub/reload/set", Array("press".utf8)),
                ("weatherhub/reload/set", Array(#"{"press":true}"#.utf8)),
                ("weatherhub/city/set", tenMiB),
                ("weatherhub/city/set", [0x5A, 0xFC, 0x72, 0x69, 0x63, 0x68]),
                ("weatherhub/forecast_day/set", tenMiB),
            ]
            for (topic, payload) in bad {
                try await broker.publish(topic: topic, bytes: payload)
            }
            try await waitUntil { hub.sandbox.serviceLog.components(separatedBy: "MQTT command refused").count - 1 >= 10 }
            #expect(try hub.defaults().value(for: .city) == nil)
            #expect(try hub.defaults().value(for: .selectedForecastDay) == 0)
            #expect(watcher.messages(on: "weatherhub/city/result").isEmpty)
            #expect(watcher.messages(on: "weatherhub/forecast_day").allSatisfy { $0.text == "0" })
            #expect(watcher.messages(on: "weatherhub/city").allSatisfy { $0.text == "Lyon, FR" })
            let log = hub.sandbox.serviceLog
            #expect(log.contains("more than the 1024 a command may have"))
            #expect(log.contains("not UTF-8 text"))
            #expect(log.contains("expected PRESS"))
            #expect(log.contains("a retained command is not taken"))
            #expect(log.contains("more commands on this topic than"))
            // Twelve refusals within a minute, ten lines: the next line (a minute later) counts the two held back.
            #expect(log.components(separatedBy: "MQTT command refused").count - 1 == 10, "\(log)")
            #expect(hub.sandbox.stopService() == 0)
        }
    }

    @Test("a settings change keeps the broker connection and the hub available; moving to another broker tells the first it went offline")
    func availabilityAcrossReloads() async throws {
        try await MosquittoBroker.with { broker in
            let hub = try MQTTHub(broker: broker)
            try await hub.start()
            let watcher = try await MosquittoSubscriber.start(broker, filters: ["weatherhub/#"])
            defer { watcher.stop() }
            // mosquitto logs "New client connected from … as <client id>"; the hub's ids start with e2e-.
            let connections = { broker.logText.components(separatedBy: "\n").filter { $0.contains("New client connected") && $0.contains(" as e2e-") }.count }
            let connectedBefore = connections()
            #expect(connectedBefore == 1, "\(broker.logText)")
            let changed = try hub.sandbox.ctl(["config", "set", "display.language", "de"])
            #expect(changed.status == 0, "\(changed.error)")
            // The rebuilt hub takes commands over the same connection.
            try await broker.publish(topic: "weatherhub/forecast_day/set", payload: "2")
            _ = try await watcher.next(on: "weatherhub/forecast_day", where: { !$0.retained && $0.text == "2" })
            #expect(connections() == connectedBefore, "no new connection: \(broker.logText)")
            #expect(watcher.messages(on: "weatherhub/status").allSatisfy { $0.retained && $0.text == "online" }, "never offline, never again online")

            try await MosquittoBroker.with { other in
                let moved = try hub.sandbox.ctl(["config", "set", "mqtt.port", "\(other.port)"])
                #expect(moved.status == 0, "\(moved.error)")
                _ = try await watcher.next(on: "weatherhub/status", where: { $0.text == "offline" })
                try await waitUntil { try await other.retainedPayload(topic: "weatherhub/status", seconds: 1) == "online" }
            }
            #expect(hub.sandbox.stopService() == 0)
        }
    }

    @Test("switching Home Assistant off, or a layout without the forecast, removes what no longer exists")
    func removal() async throws {
        try await MosquittoBroker.with { broker in
            let hub = try MQTTHub(broker: broker)
            try await hub.start()
            let all = try await hub.retained()
            #expect(all["homeassistant/select/weatherhub/forecast_day/config"] != nil)
            #expect(hub.sandbox.stopService() == 0)

            try hub.configure(MQTTHub.configuration(broker: broker, forecast: false))
            try await hub.start()
            try await waitUntil { try await hub.retained()["homeassistant/select/weatherhub/forecast_day/config"] == nil }
            let withoutForecast = try await hub.retained()
            #expect(Set(withoutForecast.keys.filter { $0.hasPrefix("homeassistant/") }).count == 12)
            #expect(hub.sandbox.stopService() == 0)

            try hub.configure(MQTTHub.configuration(broker: broker, forecast: false, mqttExtra: ""))
            try hub.sandbox.startService()
            try await waitUntil { Set(try await hub.retained().keys) == ["weatherhub/status"] }
            #expect(!FileManager.default.fileExists(atPath: hub.sandbox.stateDirectory + "/mqtt-retained-topics.json"))
            #expect(hub.sandbox.stopService() == 0)
        }
    }
}
