/// The configuration used when no file exists: `config/weatherhub.yaml`, embedded so the binary runs
/// alone (a test keeps the two identical).
enum DefaultConfiguration {
    /// Where problems in the embedded text are reported from.
    static let source = "built-in default configuration"

    static let text = """
        # WeatherHub's default configuration: what the service runs with when no configuration file exists.
        # Built-in demo weather (no network, no API key), the simulated panel (800×480 PNG frames under
        # the state directory: panel/latest.png), no MQTT broker. Copy weatherhub.example.yaml to
        # /etc/weatherhub/config.yaml to set up real weather, a real panel and your sensors.
        provider:
          source: demo

        panel:
          model: simulated
          simulated:
            width: 800
            height: 480

        layout:
          - kind: weather
            family: large
            region: { x: 0, y: 0, width: 528, height: 480 }
          - kind: sensors
            family: small
            region: { x: 528, y: 0, width: 272, height: 480 }
        """
}
