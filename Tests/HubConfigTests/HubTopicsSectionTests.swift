import HubAssembly
@testable import HubConfig
import HubMQTT
import MQTTConnection
import Sensors
import Testing
import WeatherInfoKit

@Suite("mqtt: the hub's own topics and Home Assistant discovery")
struct HubTopicsSectionTests {
    static let broker = "mqtt:\n  host: localhost\n"

    @Test("off unless asked for; Home Assistant turns the hub's topics on with its documented defaults")
    func defaults() throws {
        let fixture = ConfigFixture()
        #expect(try fixture.load("provider:\n  source: demo\n").hubMQTT == HubMQTTSettings())
        #expect(try fixture.load(Self.broker).hubMQTT.isEnabled == false)
        let configuration = try fixture.load(Self.broker + "  home_assistant:\n    enabled: true\n")
        let settings = configuration.hubMQTT
        #expect(settings.isEnabled && settings.baseTopic == "weatherhub")
        #expect(settings.homeAssistant == HomeAssistantSettings(discoveryPrefix: "homeassistant", nodeID: "weatherhub", expireAfter: .seconds(3600)))
        #expect(settings.commandTopics.topics == ["weatherhub/city/set", "weatherhub/forecast_day/set", "weatherhub/reload/set"])
        // The intake ignores what the hub publishes: its states and its discovery configs.
        #expect(configuration.effectiveSensorSettings.ownTopics.contains("weatherhub/state"))
        #expect(configuration.effectiveSensorSettings.ownTopics.contains("homeassistant/sensor/weatherhub/outdoor_temperature/config"))
    }

    @Test("every key is read; the layout and the provider decide the entities")
    func keys() throws {
        let configuration = try ConfigFixture().load("""
            provider:
              source: openweathermap
              fallback: open-meteo
            panel:
              model: simulated
              simulated: { width: 800, height: 480 }
            layout:
              - kind: forecast
                family: large
                region: { x: 0, y: 0, width: 800, height: 480 }
            mqtt:
              host: localhost
              base_topic: home/wall-display
              home_assistant:
                enabled: true
                discovery_prefix: ha-discovery
                node_id: hall_hub
                expire_after: 2h
            """)
        let settings = configuration.hubMQTT
        #expect(settings.baseTopic == "home/wall-display")
        #expect(settings.homeAssistant == HomeAssistantSettings(discoveryPrefix: "ha-discovery", nodeID: "hall_hub", expireAfter: .seconds(7200)))
        #expect(settings.features == HubFeatures(forecastDay: true, countedProviders: [.openWeatherMap, .openMeteo]))
        #expect(settings.publishedTopics.contains("ha-discovery/select/hall_hub/forecast_day/config"))
        #expect(settings.publishedTopics.contains("home/wall-display/provider/open_meteo/calls_today"))
        #expect(try ConfigFixture().load(Self.broker + "  hub_topics: true\n").hubMQTT.homeAssistant == nil)
        #expect(try ConfigFixture().load(Self.broker + "  home_assistant:\n    enabled: true\n    expire_after: 0\n").hubMQTT.homeAssistant?.expireAfter == nil)
    }

    @Test("bad values are problems that say what to write", arguments: [
        ("  base_topic: \"\"\n", "mqtt.base_topic"),
        ("  base_topic: home/+/hub\n", "mqtt.base_topic"),
        ("  base_topic: $SYS/hub\n", "mqtt.base_topic"),
        ("  base_topic: home//hub\n", "mqtt.base_topic"),
        ("  home_assistant:\n    enabled: true\n    node_id: wall hub\n", "mqtt.home_assistant.node_id"),
        ("  home_assistant:\n    enabled: true\n    discovery_prefix: home/#\n", "mqtt.home_assistant.discovery_prefix"),
        ("  home_assistant:\n    enabled: true\n    expire_after: 5m\n", "mqtt.home_assistant.expire_after"),
        ("  home_assistant:\n    enabled: maybe\n", "mqtt.home_assistant.enabled"),
        ("  home_assistant:\n    enabled: true\n    prefix: ha\n", "mqtt.home_assistant.prefix"),
        ("  hub_topics: false\n  home_assistant:\n    enabled: true\n", "mqtt.hub_topics"),
        ("  availability_topic: none\n  home_assistant:\n    enabled: true\n", "mqtt.availability_topic"),
    ])
    func problems(_ lines: String, _ keyPath: String) {
        let problems = ConfigFixture().problems(Self.broker + lines)
        #expect(problems.map(\.keyPath) == [keyPath], "\(problems)")
    }

    @Test("expire_after must outlast the outdoor sensor's stale_after")
    func expiryAgainstStaleness() {
        let text = Self.broker + """
              home_assistant:
                enabled: true
                expire_after: 30m
            sensors:
              devices:
                garden:
                  role: outdoor
                  stale_after: 45m
            """
        let problems = ConfigFixture().problems(text)
        #expect(problems.map(\.keyPath) == ["mqtt.home_assistant.expire_after"], "\(problems)")
        #expect(problems.first?.suggestion?.contains("1h30m") == true)
    }

    @Test("a subscription's unit: is a known symbol fitting its field")
    func subscriptionUnits() throws {
        let subscriptions = "  subscriptions:\n    - topic: home/+/temperature\n"
        let configuration = try ConfigFixture().load(Self.broker + subscriptions + "      unit: °F\n")
        #expect(configuration.sensors.subscriptions.first?.unit == .fahrenheit)
        let unknown = ConfigFixture().problems(Self.broker + subscriptions + "      unit: furlongs\n")
        #expect(unknown.map(\.keyPath) == ["mqtt.subscriptions[1].unit"], "\(unknown)")
        let mismatch = ConfigFixture().problems(Self.broker + subscriptions + "      field: humidity_pct\n      unit: hPa\n")
        #expect(mismatch.map(\.keyPath) == ["mqtt.subscriptions[1].unit"], "\(mismatch)")
    }
}
