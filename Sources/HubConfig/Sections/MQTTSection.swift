import MQTTConnection
import Sensors

/// `mqtt:` — the broker, the topics to read, and the hub's own topics and Home Assistant discovery.
/// Without the section the hub runs without MQTT.
enum MQTTSection {
    /// What the section configures.
    struct Reading {
        var broker: BrokerSettings?
        var subscriptions: [SensorSubscription]
        var hub: HubMQTTSettings
    }

    static func read(_ root: ConfigMapping, readFile: (String) -> FileContents) -> Reading {
        let present = root.contains("mqtt")
        let section = root.section("mqtt")
        let enabled = section.bool("enabled", default: present)
        let defaults = BrokerSettings()
        var broker = BrokerSettings(
            host: section.string("host", default: defaults.host),
            port: section.int("port", default: defaults.port, in: 1...65_535),
            protocolVersion: section.scalar("protocol", default: defaults.protocolVersion, expected: "3.1.1 or 5") {
                BrokerSettings.ProtocolVersion(rawValue: $0)
            },
            clientID: clientID(section, default: defaults.clientID),
            username: section.optionalString("username"),
            keepAlive: section.duration("keep_alive", default: defaults.keepAlive, in: .seconds(5) ... .seconds(3600)),
            persistentSession: section.bool("persistent_session", default: defaults.persistentSession),
            sessionExpiry: section.duration("session_expiry", default: defaults.sessionExpiry, in: .zero ... .seconds(30 * 86_400)),
            reconnectDelay: section.duration("reconnect_delay", default: defaults.reconnectDelay, in: .milliseconds(100) ... .seconds(3600)),
            maxReconnectDelay: section.duration("max_reconnect_delay", default: defaults.maxReconnectDelay, in: .seconds(1) ... .seconds(86_400)),
            availabilityTopic: section.contains("availability_topic") ? availabilityTopic(section) : defaults.availabilityTopic)
        if let path = absolutePath(section, "password_file") {
            broker.password = password(from: path, section: section, readFile: readFile)
        }
        if section.contains("tls") { broker.tls = readTLS(section.section("tls")) }
        if broker.password != nil, broker.username == nil {
            section.diagnostics.report(section.keyPath("username"), at: section.node, "a password needs a `username`", suggestion: "add `username: weatherhub`")
        }
        let subscriptions = section.contains("subscriptions") ? readSubscriptions(section) : SensorSubscription.ecosystemDefaults
        let hub = HubTopicsSection.read(section, availabilityTopic: broker.availabilityTopic)
        section.finish()
        return Reading(broker: enabled ? broker : nil, subscriptions: subscriptions, hub: enabled ? hub : HubMQTTSettings())
    }

    /// MQTT client ids: 1 to 23 letters and digits are what every 3.1.1 broker must accept; longer ones
    /// and `-`/`_` work with mosquitto and most others.
    private static func clientID(_ section: ConfigMapping, default fallback: String) -> String {
        section.scalar("client_id", default: fallback, expected: "1 to 64 letters, digits, - or _") { text in
            !text.isEmpty && text.count <= 64 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") } ? text : nil
        }
    }

    private static func availabilityTopic(_ section: ConfigMapping) -> String? {
        section.scalar("availability_topic", default: nil, expected: "a topic without + or #, or none") { text in
            if ConfigMapping.isEmpty(text) || text.lowercased() == "none" { return .some(nil) }
            return text.contains("+") || text.contains("#") ? nil : .some(text)
        }
    }

    private static func password(from path: String, section: ConfigMapping, readFile: (String) -> FileContents) -> String? {
        switch readFile(path) {
        case .text(let text, _):
            let password = String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
            return password.isEmpty ? nil : password
        case .missing:
            section.diagnostics.report(section.keyPath("password_file"), at: section.node("password_file"), "\(path) does not exist",
                                       suggestion: "write the password into it: `sudo install -m 640 -g weatherhub /dev/stdin \(path)`")
        case .unreadable(let reason):
            section.diagnostics.report(section.keyPath("password_file"), at: section.node("password_file"), "cannot read \(path): \(reason)",
                                       suggestion: "let the service's group read it: `sudo chgrp weatherhub \(path) && sudo chmod 640 \(path)`")
        }
        return nil
    }

    private static func readTLS(_ section: ConfigMapping) -> BrokerTLSSettings? {
        let caFile = absolutePath(section, "ca_file")
        let certificate = absolutePath(section, "cert_file")
        let key = absolutePath(section, "key_file")
        if caFile == nil {
            section.diagnostics.report(section.keyPath("ca_file"), at: section.node, "TLS needs the broker's certificate authority",
                                       suggestion: "e.g. `ca_file: /etc/ssl/certs/ca-certificates.crt`")
        }
        if (certificate == nil) != (key == nil) {
            section.diagnostics.report(section.keyPath(certificate == nil ? "cert_file" : "key_file"), at: section.node,
                                       "a client certificate needs both `cert_file` and `key_file`")
        }
        section.finish()
        return caFile.map { BrokerTLSSettings(caFile: $0, certificateFile: certificate, keyFile: key) }
    }

    private static func readSubscriptions(_ section: ConfigMapping) -> [SensorSubscription] {
        section.list("subscriptions").enumerated().compactMap { index, node in
            let item = ConfigMapping(path: section.keyPath("subscriptions") + "[\(index + 1)]", node: node, diagnostics: section.diagnostics)
            let topic = item.scalar("topic", default: "", expected: "an MQTT topic filter") { text in
                TopicFilterText.isValid(text) ? text : nil
            }
            if !item.contains("topic") { item.diagnostics.report(item.keyPath("topic"), at: node, "every subscription needs a `topic`", suggestion: "e.g. `topic: rtl_433/+/events`") }
            let decoder = item.contains("decoder") ? item.choice("decoder", default: SensorEcosystem.generic) : nil
            let field = item.contains("field") ? item.choice("field", default: SensorField.temperature) : nil
            let unit = item.contains("unit") ? self.unit(item, field: field) : nil
            item.finish()
            return topic.isEmpty ? nil : SensorSubscription(topicFilter: topic, decoder: decoder, field: field, unit: unit)
        }
    }
}

extension MQTTSection {
    /// `unit:` of a subscription: a symbol the decoders know, fitting the pinned field if there is one.
    fileprivate static func unit(_ item: ConfigMapping, field: SensorField?) -> MeasurementUnit? {
        let unit = item.scalar(
            "unit", default: nil, expected: "a unit such as °C, °F, hPa, inHg, mmHg, m/s, km/h, mph, mm, in, V or mV",
            { text -> MeasurementUnit?? in ConfigMapping.isEmpty(text) ? nil : MeasurementUnit(symbol: text).map { .some($0) } })
        if let unit, let field, !unit.canMeasure(field) {
            item.diagnostics.report(
                item.keyPath("unit"), at: item.node("unit"), "does not measure \(field.key)", suggestion: "use \(field.unit) or another unit of it")
        }
        return unit
    }
}

/// MQTT topic filter rules: `+` fills a whole level, `#` only the last one.
enum TopicFilterText {
    static func isValid(_ filter: String) -> Bool {
        guard !filter.isEmpty, filter.utf8.count <= 65_535 else { return false }
        let levels = filter.split(separator: "/", omittingEmptySubsequences: false)
        for (index, level) in levels.enumerated() {
            if level.contains("#") && (level != "#" || index != levels.count - 1) { return false }
            if level.contains("+") && level != "+" { return false }
        }
        return true
    }
}
