import Sensors

/// `socket_feed:` — newline-delimited JSON listeners for setups without a broker. Off unless a
/// `tcp_port` or a `unix_socket` is given.
enum SocketFeedSection {
    static func read(_ root: ConfigMapping) -> SocketFeedSettings {
        let section = root.section("socket_feed")
        let defaults = SocketFeedSettings()
        let host = section.string("tcp_host", default: "127.0.0.1")
        let port = section.optionalInt("tcp_port", in: 1...65_535)
        let unixSocket = absolutePath(section, "unix_socket")
        let settings = SocketFeedSettings(
            tcp: port.map { [SocketFeedSettings.TCPEndpoint(host: host, port: $0)] } ?? [],
            unixSocketPaths: unixSocket.map { [$0] } ?? [],
            topic: section.string("topic", default: defaults.topic),
            decoder: section.contains("decoder") ? section.choice("decoder", default: SensorEcosystem.generic) : nil,
            maxLineBytes: section.int("max_line_bytes", default: defaults.maxLineBytes, in: 256...1_048_576),
            maxConnections: section.int("max_connections", default: defaults.maxConnections, in: 1...1024),
            idleTimeout: section.duration("idle_timeout", default: defaults.idleTimeout, in: .seconds(1) ... .seconds(86_400)))
        if section.contains("tcp_host"), port == nil {
            section.diagnostics.report(section.keyPath("tcp_host"), at: section.node("tcp_host"), "has no effect without `tcp_port`", suggestion: "add e.g. `tcp_port: 7070`")
        }
        section.finish()
        return settings
    }
}
