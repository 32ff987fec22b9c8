import HubConfig
import HubSystem
import MQTTConnection
import Sensors

/// The Sensors page's broker form: the MQTT broker's address, port and user name, a new password
/// (write-only: empty keeps the one set), TLS (the certificate authority's file, and a client
/// certificate's where the broker asks for one: paths on the hub), and Home Assistant discovery.
struct BrokerSettingsForm: Sendable, Equatable {
    var host: String
    var port: Int
    var username: String
    /// A new password, or empty to keep the one the configuration names.
    var password: String
    /// TLS's files on the hub; an empty certificate authority means no TLS.
    var caFile: String
    var certificateFile: String
    var keyFile: String
    var homeAssistant: Bool

    /// The settings `configuration` has (never its password).
    init(_ configuration: HubConfiguration) {
        let broker = configuration.sensors.broker
        host = broker?.host ?? ""
        port = broker?.port ?? 1883
        username = broker?.username ?? ""
        password = ""
        caFile = broker?.tls?.caFile ?? ""
        certificateFile = broker?.tls?.certificateFile ?? ""
        keyFile = broker?.tls?.keyFile ?? ""
        homeAssistant = configuration.hubMQTT.homeAssistant != nil
    }

    /// The settings a posted form asks for.
    init(form: WebForm) throws(WebFormRefusal) {
        host = form.text("host").trimmedWhitespace
        guard !host.isEmpty, host.utf8.count <= 253, !host.contains(where: { $0.isWhitespace || $0.unicodeScalars.contains { $0.value < 0x20 } }) else {
            throw WebFormRefusal("The broker's address is a host name or IP address, such as localhost or 192.168.1.10; nothing was saved.")
        }
        guard let port = Int(form.text("port")), (1...65_535).contains(port) else {
            throw WebFormRefusal("The port is a number from 1 to 65535 (1883 for MQTT, 8883 over TLS); nothing was saved.")
        }
        username = form.text("username").trimmedWhitespace
        guard username.utf8.count <= 128, !username.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
            throw WebFormRefusal("The user name has at most 128 bytes and no control characters; nothing was saved.")
        }
        password = form.text("password")
        self.port = port
        caFile = try Self.path(form, "ca_file", named: "certificate authority")
        certificateFile = try Self.path(form, "cert_file", named: "client certificate")
        keyFile = try Self.path(form, "key_file", named: "client key")
        guard certificateFile.isEmpty == keyFile.isEmpty else {
            throw WebFormRefusal("A client certificate needs both its certificate file and its key file; nothing was saved.")
        }
        guard certificateFile.isEmpty || !caFile.isEmpty else {
            throw WebFormRefusal("A client certificate is used over TLS: name the broker's certificate authority file too; nothing was saved.")
        }
        homeAssistant = form["home_assistant"] == "on"
    }

    /// A file's path on the hub: empty, or absolute without control characters.
    private static func path(_ form: WebForm, _ field: String, named name: String) throws(WebFormRefusal) -> String {
        let path = form.text(field).trimmedWhitespace
        guard path.isEmpty || (path.hasPrefix("/") && path.utf8.count <= 4096 && !path.unicodeScalars.contains(where: { $0.value < 0x20 })) else {
            throw WebFormRefusal("The \(name) is a file on the hub, written from the root, such as /etc/ssl/certs/ca-certificates.crt; nothing was saved.")
        }
        return path
    }

    private var tls: BrokerTLSSettings? {
        caFile.isEmpty ? nil : BrokerTLSSettings(
            caFile: caFile, certificateFile: certificateFile.isEmpty ? nil : certificateFile, keyFile: keyFile.isEmpty ? nil : keyFile)
    }

    /// The broker these settings reach: `configured`'s other settings (keep-alive, subscriptions), and
    /// its password unless a new one was typed.
    func broker(from configured: BrokerSettings?) -> BrokerSettings {
        var broker = configured ?? BrokerSettings()
        broker.host = host
        broker.port = port
        broker.username = username.isEmpty ? nil : username
        if !password.isEmpty { broker.password = password } else if username.isEmpty { broker.password = nil }
        broker.tls = tls
        return broker
    }

    /// The file's changes that turn `current` into these settings (a new password goes into its own
    /// file, at `passwordFile`), each with its words for the page.
    func changes(from current: BrokerSettingsForm, passwordFile: String) -> [(edit: ConfigEdit, text: String)] {
        var changes: [(edit: ConfigEdit, text: String)] = []
        if host != current.host { changes.append((ConfigEdit(["mqtt", "host"], .text(host)), "broker: \(host)")) }
        if port != current.port { changes.append((ConfigEdit(["mqtt", "port"], .integer(port)), "port: \(port)")) }
        if username != current.username {
            changes.append((ConfigEdit(["mqtt", "username"], username.isEmpty ? .removed : .text(username)), username.isEmpty ? "no user name" : "user: \(username)"))
        }
        if !password.isEmpty { changes.append((ConfigEdit(["mqtt", "password_file"], .text(passwordFile)), "a new password")) }
        if tls != current.tls {
            if let tls {
                changes.append((ConfigEdit(["mqtt", "tls", "ca_file"], .text(tls.caFile)), "TLS with \(tls.caFile)"))
                changes.append((ConfigEdit(["mqtt", "tls", "cert_file"], tls.certificateFile.map(ConfigValue.text) ?? .removed), tls.certificateFile.map { "client certificate \($0)" } ?? "no client certificate"))
                changes.append((ConfigEdit(["mqtt", "tls", "key_file"], tls.keyFile.map(ConfigValue.text) ?? .removed), ""))
            } else {
                changes.append((ConfigEdit(["mqtt", "tls"], .removed), "no TLS"))
            }
        }
        if homeAssistant != current.homeAssistant {
            changes.append((ConfigEdit(["mqtt", "home_assistant", "enabled"], .flag(homeAssistant)), "Home Assistant discovery \(homeAssistant ? "on" : "off")"))
        }
        return changes
    }

    /// The form as the page shows it: never a password.
    var fields: SensorsPage.Broker {
        SensorsPage.Broker(
            host: host, port: "\(port)", username: username, caFile: caFile, certificateFile: certificateFile, keyFile: keyFile,
            homeAssistant: homeAssistant)
    }
}
