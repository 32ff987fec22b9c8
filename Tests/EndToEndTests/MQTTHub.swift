import Foundation
import HubTestSupport
import SharedDefaultsKit
import WeatherInfoKit

/// The service as a device of the home, for real: the built `weatherhub` on the simulated panel with
/// demo weather (or the loopback OpenWeatherMap server), connected to a test mosquitto with Home
/// Assistant discovery on, and a subscriber on everything it publishes.
struct MQTTHub {
    let broker: MosquittoBroker
    let sandbox: HubSandbox

    /// The configuration: a weather widget, a forecast widget unless `forecast` is false, the broker,
    /// and `mqttExtra` lines inside `mqtt:` (Home Assistant on by default).
    static func configuration(
        broker: MosquittoBroker, forecast: Bool = true, provider: String = "  source: demo",
        mqttExtra: String = "  home_assistant:\n    enabled: true"
    ) -> String {
        let forecastWidget = """
              - kind: forecast
                family: small
                region: { x: 528, y: 0, width: 272, height: 480 }
            """
        return """
            provider:
            \(provider)
            panel:
              model: simulated
              simulated: { width: 800, height: 480 }
            layout:
              - kind: weather
                family: large
                region: { x: 0, y: 0, width: 528, height: 480 }
            \(forecast ? forecastWidget : "")
            mqtt:
              host: 127.0.0.1
              port: \(broker.port)
              client_id: e2e-\(UUID().uuidString.prefix(8))
              reconnect_delay: 100ms
              max_reconnect_delay: 1s
            \(mqttExtra)
            """
    }

    init(broker: MosquittoBroker, configuration: String? = nil) throws {
        self.broker = broker
        sandbox = try HubSandbox(configuration: configuration ?? Self.configuration(broker: broker))
    }

    /// Replaces the configuration (for the next start).
    func configure(_ configuration: String) throws {
        try configuration.write(toFile: sandbox.configFile, atomically: true, encoding: .utf8)
    }

    /// Starts the service (with `extraEnvironment`, such as its `TZ`) and returns once `topic` holds a
    /// retained message of the hub's (by default the state, the last message of a publishing round).
    func start(awaiting topic: String = "weatherhub/state", extraEnvironment: [String: String] = [:]) async throws {
        try sandbox.startService(extraEnvironment: extraEnvironment)
        for _ in 0..<300 {
            if try await broker.retainedMessages([topic])[topic] != nil { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw SandboxError("the hub published nothing on \(topic); its log:\n\(sandbox.serviceLog)")
    }

    /// The shared defaults the service and `weatherctl` read.
    func defaults() throws -> SharedDefaults {
        let directory = URL(fileURLWithPath: sandbox.sharedDefaultsFile).deletingLastPathComponent().path
        return try SharedDefaults(suiteName: "weatherhub", containerDirectory: directory)
    }

    /// The hub's retained discovery configs and states.
    func retained() async throws -> [String: [UInt8]] {
        try await broker.retainedMessages(["homeassistant/#", "weatherhub/#"])
    }
}
