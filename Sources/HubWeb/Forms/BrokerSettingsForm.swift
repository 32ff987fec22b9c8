import HubConfig
import HubSystem
import MQTTConnection
import Sensors

/// The Sensors page's broker form: the MQTT broker's address, port and user name, a new password
/// (write-only: empty keeps the one set), and Home Assistant discovery.
struct BrokerSettingsForm: Sendable, Equatable {
    var host: String
    var port: Int
    var username: String
    /// A new password, or empty to keep the one the configuration names.
    var password: String
    var homeAssistant: Bool

    /// The settings `configuration` has (never its password).
    init(_ configuration: HubConfiguration) {
        let broker = configuration.sensors.broker
        host = broker?.host ?? ""
        port = broker?.port ?? 1883
        username = broker?.username ?? ""
        password = ""
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
        homeAssistant = form["home_assistant"] == "on"
    }

    /// The broker these settings reach: `configured`'s other settings (TLS, keep-alive), and its
    /// password unless a new one was typed.
    func broker(from configured: BrokerSettings?) -> BrokerSettings {
        var broker = configured ?? BrokerSettings()
        broker.host = host
        broker.port = port
        broker.username = username.isEmpty ? nil : username
        if !password.isEmpty { broker.password = password } else if username.isEmpty { broker.password = nil }
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
        if homeAssistant != current.homeAssistant {
            changes.append((ConfigEdit(["mqtt", "home_assistant", "enabled"], .flag(homeAssistant)), "Home Assistant discovery \(homeAssistant ? "on" : "off")"))
        }
        return changes
    }

    /// The form as the page shows it: never a password.
    var fields: SensorsPage.Broker {
        SensorsPage.Broker(host: host, port: "\(port)", username: username, homeAssistant: homeAssistant)
    }
}
