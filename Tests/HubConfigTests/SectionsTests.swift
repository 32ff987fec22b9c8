import EPaper
import Foundation
import HubAssembly
@testable import HubConfig
import InkUI
import InkWidgets
import Logging
import MQTTConnection
import Sensors
import SharedDefaultsKit
import Testing
import WeatherInfoKit
import WeatherWidgets

@Suite("Every section is read from YAML into its module's settings")
struct SectionsTests {
    @Test("provider: OpenWeatherMap settings, city, call manners and key file")
    func provider() throws {
        let fixture = ConfigFixture()
        let configuration = try fixture.load("""
            provider:
              demo: false
              base_url: http://127.0.0.1:8080/
              plan: onecall
              units: imperial
              language: zh_CN
              daily_call_limit: 900
              city: Paris
              country: us
              state: TX
              latitude: 33.66
              longitude: -95.55
              min_interval: 15m
              retry_delay: 90s
              max_retry_delay: 2h
              rate_limit_delay: 20m
              api_key_file: /etc/weatherhub/owm.key
            """)
        let provider = configuration.provider
        #expect(provider.source == .openWeatherMap)
        #expect(provider.openWeatherMap == OpenWeatherMapConfiguration(
            baseURL: "http://127.0.0.1:8080", plan: .oneCall, units: .imperial, language: "zh_cn", dailyCallLimit: 900))
        #expect(provider.defaultCity == Location(name: "Paris", countryCode: "US", state: "TX", coordinates: Coordinates(latitude: 33.66, longitude: -95.55)))
        #expect(provider.callPolicy == CallPolicy(
            minimumInterval: .seconds(900), firstRetryDelay: .seconds(90), maximumRetryDelay: .seconds(7200), rateLimitDelay: .seconds(1200)))
        #expect(provider.apiKeyFile == "/etc/weatherhub/owm.key")
        #expect(!provider.hasConfiguredAPIKey)
    }

    @Test("provider: `demo: true` picks the demo source; the key file defaults into the shared container")
    func demoProvider() throws {
        let fixture = ConfigFixture()
        let configuration = try fixture.load("provider:\n  demo: true\n")
        #expect(configuration.provider.source == .demo)
        #expect(configuration.provider.apiKeyFile == fixture.directory + "/state/shared/openweathermap-api-key")
        #expect(configuration.provider.defaultCity == DemoWeatherSource.city)
    }

    @Test("provider: a key in a private file reaches the key source, behind the systemd credential and the variable")
    func inlineKey() throws {
        let fixture = ConfigFixture()
        let configuration = try fixture.load("provider:\n  api_key: 0123456789abcdef0123456789abcdef\n", mode: 0o640)
        #expect(configuration.provider.hasConfiguredAPIKey)
        #expect("\(configuration.provider)".contains("0123456789abcdef") == false)
        let found = try #require(try configuration.provider.apiKeySource(environment: [:]).load())
        #expect(found.origin == "configuration \(fixture.configFile) (provider.api_key)")
        let fromVariable = try #require(try configuration.provider.apiKeySource(environment: ["OPENWEATHERMAP_API_KEY": "ffffffffffffffffffffffffffffffff"]).load())
        #expect(fromVariable.key == APIKey("ffffffffffffffffffffffffffffffff"))
        #expect(fromVariable.origin == "environment variable OPENWEATHERMAP_API_KEY")
    }

    @Test("display: 12- or 24-hour clock")
    func display() throws {
        let fixture = ConfigFixture()
        #expect(try fixture.load("display:\n  clock: 12h\n").display.clock == .twelveHour)
        #expect(try fixture.load("{}").display.clock == .twentyFourHour)
    }

    @Test("display: the panel's language, from a code or a locale; an unknown one gets the closest and the list")
    func language() throws {
        let fixture = ConfigFixture()
        #expect(try fixture.load("{}").display.language == .english)
        #expect(try fixture.load("display:\n  language: de\n").display.language == .german)
        #expect(try fixture.load("display:\n  language: fr_BE\n").display.language == .french)
        #expect(try fixture.load("display:\n  language: sv-FI.UTF-8\n").display.language == .swedish)
        let configuration = try fixture.load("display:\n  language: pl\n")
        let container = FileManager.default.temporaryDirectory.appendingPathComponent("language-\(UUID().uuidString)").path
        let defaults = try SharedDefaults(suiteName: "group.weatherhub.test", containerDirectory: container)
        let data = configuration.widgetData(weather: DemoWeatherSource(), sensors: nil, defaults: defaults)
        #expect(data.display.language == .polish)
        // The providers describe conditions in the panel's language unless provider.language says otherwise.
        #expect(configuration.provider.openWeatherMap.language == "pl")
        #expect(configuration.provider.openMeteo.language == "pl")
        #expect(try fixture.load("display:\n  language: de\nprovider:\n  language: fr\n").provider.openWeatherMap.language == "fr")
        let unknown = fixture.problems("display:\n  language: pt\n")
        #expect(unknown.map(\.keyPath) == ["display.language"])
        #expect(unknown.first?.message == "expected one of en, de, fr, es, it, nl, pl, sv, found \"pt\"")
        #expect(unknown.first?.suggestion?.contains("de (Deutsch)") == true)
        #expect(fixture.problems("display:\n  language: dee\n").first?.suggestion?.hasPrefix("did you mean `de`? the panel speaks en (English)") == true)
    }

    @Test("panel: model, rotation, SPI, GPIO, keys, refresh budget with quiet hours, trace")
    func panel() throws {
        let fixture = ConfigFixture()
        let configuration = try fixture.load("""
            panel:
              model: waveshare-2in7-v2
              rotation: 90
              spi: { device: /dev/spidev0.1, speed_hz: 2000000 }
              gpio: { chip: /dev/gpiochip4, reset: 5, data_command: 6, busy: 13, power: none }
              keys:
                debounce: 50ms
                lines:
                  - { name: NEXT, line: 20 }
                  - { name: BACK, line: 21 }
              refresh:
                minimum_interval: 10m
                max_updates_between_fulls: 3
                max_full_interval: 12h
                quiet_hours: "23:00-06:30"
                fast_refresh: false
                retry_interval: 1m
              busy_timeout: 20s
              trace: /var/lib/weatherhub/panel.trace
            layout:
              - kind: weather
                family: medium
            """)
        let panel = configuration.panel
        #expect(panel.model == .waveshare2in7V2)
        #expect(panel.rotation == .quarter)
        #expect(panel.spi == SPISettings(device: "/dev/spidev0.1", speedHz: 2_000_000))
        #expect(panel.wiring == PanelWiring(chip: "/dev/gpiochip4", reset: 5, dataCommand: 6, busy: 13, power: nil))
        #expect(panel.keys == PanelKeySettings(keys: [PanelKey(name: "NEXT", line: 20), PanelKey(name: "BACK", line: 21)], debounce: .milliseconds(50)))
        #expect(panel.refresh == RefreshPolicy.Settings(
            minimumInterval: .seconds(600), maximumUpdatesBetweenFulls: 3, maximumFullInterval: .seconds(43_200),
            quietHours: QuietHours("23:00-06:30"), fastRefresh: false, retryInterval: .seconds(60)))
        #expect(panel.busyTimeout == .seconds(20))
        #expect(panel.tracePath == "/var/lib/weatherhub/panel.trace")
        #expect(configuration.widgets.minimumDisplayInterval == .seconds(600))
        #expect(configuration.layout.placements.first?.region == PixelRect(origin: .zero, size: panel.frameSize))
    }

    @Test("panel: the built-in profile fills what is not written (the 2.7\" keeps its four keys)")
    func panelDefaults() throws {
        let fixture = ConfigFixture()
        let configuration = try fixture.load("panel:\n  model: waveshare-2in7-v2\nlayout:\n  - kind: weather\n    family: small\n")
        #expect(configuration.panel == PanelProfile.builtIn(.waveshare2in7V2))
    }

    @Test("panel: a three-colour model gives its built-in profile (black, white and red frames, a 60 s BUSY timeout), which keys override")
    func threeColourPanels() throws {
        let fixture = ConfigFixture()
        for model in [PanelModel.waveshare2in13bV4, .waveshare2in9bV4, .waveshare4in2bV2, .waveshare7in5bV2] {
            let panel = try fixture.load("panel:\n  model: \(model.rawValue)\n").panel
            #expect(panel == PanelProfile.builtIn(model))
            #expect(panel.capability == .blackWhiteRed)
            #expect(panel.busyTimeout == .seconds(60))
        }
        let configuration = try fixture.load("panel:\n  model: waveshare-2in9b-v4\n  rotation: 90\n  busy_timeout: 90s\n")
        #expect(configuration.panel.busyTimeout == .seconds(90))
        #expect(configuration.panel.frameSize == PixelSize(width: 296, height: 128))
        #expect(configuration.layout.panelSize == PixelSize(width: 296, height: 128))
    }

    @Test("panel: the simulated panel's size, colours, features and history")
    func simulatedPanel() throws {
        let fixture = ConfigFixture()
        let configuration = try fixture.load("""
            panel:
              model: simulated
              simulated: { width: 296, height: 128, colors: blackWhiteRed, fast_refresh: false, partial_refresh: false, history: 5 }
            layout:
              - kind: quote
                family: medium
            """)
        #expect(configuration.panel.simulated == SimulatedPanelSettings(
            size: PixelSize(width: 296, height: 128), capability: .blackWhiteRed,
            features: PanelFeatures(fastRefresh: false, partialRefresh: false), historyLimit: 5))
        #expect(configuration.layout.panelSize == PixelSize(width: 296, height: 128))
    }

    @Test("layout: widgets with kinds, families, ids and regions")
    func layout() throws {
        let fixture = ConfigFixture()
        let configuration = try fixture.load("""
            panel: { model: simulated, simulated: { width: 800, height: 480 } }
            layout:
              - kind: forecast
                family: large
                id: five-days
                region: { x: 0, y: 0, width: 600, height: 480 }
              - kind: quote
                family: small
                region: { x: 600, y: 0, width: 200, height: 480 }
            """)
        #expect(configuration.layout.placements == [
            WidgetPlacement(kind: "forecast", family: .large, id: "five-days", region: PixelRect(x: 0, y: 0, width: 600, height: 480)),
            WidgetPlacement(kind: "quote", family: .small, id: "quote-small-2", region: PixelRect(x: 600, y: 0, width: 200, height: 480)),
        ])
    }

    @Test("layout: a widget's own parameters beside its kind; another widget's are unknown keys")
    func layoutParameters() throws {
        let fixture = ConfigFixture()
        let configuration = try fixture.load("""
            layout:
              - kind: history
                family: large
                region: { x: 0, y: 0, width: 200, height: 300 }
                sensors: [Garden, "Living room"]
                humidity: true
              - kind: history
                family: large
                region: { x: 200, y: 0, width: 200, height: 300 }
            """)
        #expect(configuration.layout.placements.map(\.parameters) == [
            WidgetParameters(["sensors": .names(["Garden", "Living room"]), "humidity": .flag(true)]), WidgetParameters(),
        ])

        let problems = fixture.problems("""
            layout:
              - kind: weather
                sensors: [Garden]
              - kind: history
                sensors: Garden
                humidity: often
            """)
        #expect(problems.contains { $0.keyPath == "layout[1].sensors" && $0.message == "unknown key" })
        #expect(problems.contains { $0.keyPath == "layout[2].sensors" && $0.message.contains("expected a list") })
        #expect(problems.contains { $0.keyPath == "layout[2].humidity" && $0.message.contains("true or false") }, "\(problems)")
    }

    @Test("widgets: the scheduler's intervals and budget")
    func widgets() throws {
        let fixture = ConfigFixture()
        let widgets = try fixture.load("""
            widgets:
              min_reload_interval: 2m
              reload_budget: 40
              provider_timeout: 10s
              retry_delay: 15s
              max_retry_delay: 10m
              debounce: 500ms
              prerender_limit: 12
            """).widgets
        #expect(widgets == SchedulerSettings(
            minimumReloadInterval: .seconds(120), reloadBudget: 40, providerTimeout: .seconds(10), initialRetryDelay: .seconds(15),
            maximumRetryDelay: .seconds(600), debounceInterval: .milliseconds(500), minimumDisplayInterval: .seconds(5), prerenderLimit: 12))
    }

    @Test("mqtt: broker, TLS, password file and pinned subscriptions")
    func mqtt() throws {
        let fixture = ConfigFixture()
        let passwordFile = fixture.write("s3cret\n", to: "mqtt-password", mode: 0o640)
        let sensors = try fixture.load("""
            mqtt:
              host: broker.lan
              port: 8883
              protocol: 5
              client_id: hub-kitchen
              username: weatherhub
              password_file: \(passwordFile)
              tls: { ca_file: /etc/ssl/certs/ca-certificates.crt }
              keep_alive: 30s
              persistent_session: false
              availability_topic: none
              subscriptions:
                - topic: rtl_433/+/events
                  decoder: rtl_433
                - topic: home/attic/value
                  decoder: plain_number
                  field: temperature_C
            """).sensors
        #expect(sensors.broker == BrokerSettings(
            host: "broker.lan", port: 8883, protocolVersion: .v5, clientID: "hub-kitchen", username: "weatherhub", password: "s3cret",
            tls: BrokerTLSSettings(caFile: "/etc/ssl/certs/ca-certificates.crt"), keepAlive: .seconds(30), persistentSession: false,
            availabilityTopic: nil))
        #expect(sensors.subscriptions == [
            SensorSubscription(topicFilter: "rtl_433/+/events", decoder: .rtl433),
            SensorSubscription(topicFilter: "home/attic/value", decoder: .plainNumber, field: .temperature),
        ])
    }

    @Test("mqtt: without the section there is no broker and the ecosystem topics are kept")
    func noMQTT() throws {
        let fixture = ConfigFixture()
        let sensors = try fixture.load("{}").sensors
        #expect(sensors.broker == nil)
        #expect(sensors.subscriptions == SensorSubscription.ecosystemDefaults)
        #expect(try fixture.load("mqtt:\n  host: localhost\n").sensors.broker == BrokerSettings())
        #expect(try fixture.load("mqtt:\n  enabled: false\n").sensors.broker == nil)
    }

    @Test("sensors: profiles with names, roles, staleness, units and altitude; limits; history")
    func sensors() throws {
        let fixture = ConfigFixture()
        let sensors = try fixture.load("""
            sensors:
              stale_after: 45m
              devices:
                "Nexus-TH/1/*":
                  name: Garden
                  role: outdoor
                  stale_after: 15m
                  altitude: 230
                shellies/attic:
                  name: Attic
                  role: room
                  temperature_unit: °F
              limits: { max_payload_bytes: 4096, max_sensors: 50, future_tolerance: 1m, queue_capacity: 4096, queue_bytes: 1048576 }
              history: { database: /var/lib/weatherhub/s.sqlite, flush_interval: 10s, coarse_retention: 90d }
            """).sensors
        #expect(sensors.defaultStaleAfter == .seconds(2700))
        #expect(sensors.profiles == [
            SensorProfile(match: "Nexus-TH/1/*", displayName: "Garden", role: .outdoor, staleAfter: .seconds(900), altitudeMeters: 230),
            SensorProfile(match: "shellies/attic", displayName: "Attic", role: .room, temperatureUnit: "°F"),
        ])
        #expect(sensors.limits == IntakeLimits(maxPayloadBytes: 4096, maxSensors: 50, queueCapacity: 4096, queueBytes: 1 << 20, futureTolerance: .seconds(60)))
        #expect(sensors.store == StoreSettings(databasePath: "/var/lib/weatherhub/s.sqlite", flushInterval: .seconds(10), coarseRetention: .seconds(90 * 86_400)))
    }

    @Test("sensors: the database lives in the state directory unless configured")
    func sensorDatabase() throws {
        let fixture = ConfigFixture()
        #expect(try fixture.load("{}").sensors.store.databasePath == fixture.directory + "/state/sensors.sqlite")
    }

    @Test("socket_feed: a TCP port and a Unix socket")
    func socketFeed() throws {
        let fixture = ConfigFixture()
        let feed = try fixture.load("""
            socket_feed:
              tcp_host: 0.0.0.0
              tcp_port: 7070
              unix_socket: /run/weatherhub/feed.sock
              decoder: generic
              idle_timeout: 1m
            """).sensors.socketFeed
        #expect(feed == SocketFeedSettings(
            tcp: [.init(host: "0.0.0.0", port: 7070)], unixSocketPaths: ["/run/weatherhub/feed.sock"], decoder: .generic, idleTimeout: .seconds(60)))
        #expect(try fixture.load("{}").sensors.socketFeed == SocketFeedSettings())
    }

    @Test("logging: level and format")
    func logging() throws {
        let fixture = ConfigFixture()
        let logging = try fixture.load("logging:\n  level: debug\n  format: json\n").logging
        #expect(logging == LoggingSettings(level: .debug, format: .json))
    }

    @Test("paths: state and runtime directories, unless the environment names them")
    func paths() throws {
        let fixture = ConfigFixture()
        let text = "paths:\n  state_directory: /srv/hub/state\n  runtime_directory: /srv/hub/run\n"
        let configuration = try fixture.load(text)
        #expect(configuration.paths.stateDirectory == "/srv/hub/state")
        #expect(configuration.paths.runtimeDirectory == "/srv/hub/run")
        #expect(configuration.paths.controlSocket == "/srv/hub/run/control.sock")
        #expect(configuration.sensors.store.databasePath == "/srv/hub/state/sensors.sqlite")
        let fromEnvironment = try fixture.load(text, environment: ["WEATHERHUB_STATE_DIR": "/elsewhere"])
        #expect(fromEnvironment.paths.stateDirectory == fixture.directory + "/state")
    }
}
