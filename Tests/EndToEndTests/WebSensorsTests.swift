import Foundation
import HubTestSupport
import Testing

/// The Sensors page against the real service and a real mosquitto: sensors heard over MQTT are listed
/// with their values, named and made the outdoor one from the browser, and a name from outside is
/// shown as text.
@Suite("Web pages: the Sensors page", .serialized, .timeLimit(.minutes(3)))
struct WebSensorsTests {
    static let markup = "<img src=x onerror=alert(1)>"

    /// The service on `broker` (MQTT, and the web side on a free loopback port) and a signed-in client.
    static func signedInHub(on broker: MosquittoBroker) async throws -> (MQTTHub, WebClient) {
        let port = try MosquittoBroker.freePort()
        let hub = try MQTTHub(
            broker: broker,
            configuration: MQTTHub.configuration(broker: broker, mqttExtra: "") + "\nhttp:\n  address: 127.0.0.1\n  port: \(port)\n")
        #expect(try hub.sandbox.ctl(["web", "password"], input: WebSecurityTests.password + "\n").status == 0)
        try hub.sandbox.startService()
        let client = WebClient(baseURL: "http://127.0.0.1:\(port)")
        let signIn = try await client.get("/sign-in")
        #expect(try await client.post("/sign-in", form: [("csrf", signIn.csrfToken ?? ""), ("password", WebSecurityTests.password)]).status == 303)
        return (hub, client)
    }

    @Test("a heard sensor is named and made the outdoor one; its identity with markup shows as text")
    func nameAndRole() async throws {
        try await MosquittoBroker.with { broker in
            let (hub, client) = try await Self.signedInHub(on: broker)
            defer { _ = hub.sandbox.stopService() }
            var page = try await client.get("/settings/sensors")
            try await waitUntil {
                // Published again until heard: the hub may still be subscribing when it says it is ready.
                try await broker.publish(
                    topic: "rtl_433/pi/events", payload: #"{"model":"Nexus-TH","id":7,"channel":1,"temperature_C":12.5,"humidity":61}"#)
                try await broker.publish(topic: "zigbee2mqtt/\(Self.markup)", payload: #"{"temperature":21.5,"humidity":40}"#)
                page = try await client.get("/settings/sensors")
                return page.body.contains("Nexus-TH/1/7") && page.body.contains("zigbee2mqtt")
            }
            #expect(page.body.contains("12.5 °C · 61 %"), "\(page.body)")
            #expect(!page.body.contains(Self.markup), "markup from a topic is never markup on the page")
            #expect(page.body.contains("&lt;img src=x onerror=alert(1)&gt;"))
            // Each sensor's last 24 hours, drawn by the hub once its readings are in the history.
            try await waitUntil {
                page = try await client.get("/settings/sensors")
                return page.body.contains(#"aria-label="Nexus-TH/1/7 · temperature: 12.5 to 12.5 °C""#)
            }
            #expect(page.body.contains("Last 24 hours: 12.5 – 12.5 °C") && page.body.components(separatedBy: "<svg ").count == 3, "\(page.body)")

            let form: [(String, String)] = [
                ("csrf", page.csrfToken ?? ""), ("version", try #require(page.hiddenField("version"))), ("sensor", "Nexus-TH/1/7"),
                ("name", "Garden"), ("role", "outdoor"),
            ]
            let saved = try await client.post("/settings/sensors", form: form)
            #expect(saved.status == 200 && saved.body.contains("Applying the new settings"), "\(saved.body)")
            let file = try String(contentsOfFile: hub.sandbox.configFile, encoding: .utf8)
            #expect(file.hasSuffix("sensors:\n  devices:\n    Nexus-TH/1/7:\n      name: Garden\n      role: outdoor\n"), "\(file)")
            #expect(hub.sandbox.notify.wait(for: "READY=1"), "\(hub.sandbox.serviceLog)")

            let after = try await client.get("/settings/sensors")
            #expect(after.body.contains("Saved Nexus-TH/1/7 named Garden; Garden: outdoor."), "\(after.body)")
            #expect(after.body.contains("<strong>Garden</strong>"), "the readings outlived the rebuild, under the new name")
            #expect(try hub.sandbox.ctl(["sensors"]).output.contains("Garden"))

            // The sensor named with markup, hidden from the panel: its entry is keyed by the identity as is.
            let hide: [(String, String)] = [
                ("csrf", after.csrfToken ?? ""), ("version", try #require(after.hiddenField("version"))),
                ("sensor", "zigbee2mqtt/\(Self.markup)"), ("name", ""), ("role", "none"), ("hidden", "on"),
            ]
            #expect(try await client.post("/settings/sensors", form: hide).status == 200)
            let hidden = try String(contentsOfFile: hub.sandbox.configFile, encoding: .utf8)
            #expect(hidden.hasSuffix("    zigbee2mqtt/\(Self.markup):\n      hidden: true\n"), "\(hidden)")
            #expect(hub.sandbox.notify.wait(for: "READY=1"), "\(hub.sandbox.serviceLog)")
            #expect(try await client.get("/settings/sensors").body.contains("(hidden from the panel)"))

            let bad = try await client.post("/settings/sensors", form: form.map { $0.0 == "role" ? ($0.0, "attic") : $0 })
            #expect(bad.status == 409 || bad.status == 422, "a form based on the old file, or a role outside the menu, saves nothing")
            #expect(try String(contentsOfFile: hub.sandbox.configFile, encoding: .utf8) == hidden)
        }
    }

    @Test("the broker form: a wrong password is told, the right one connects; saved, the password goes to its own file and Home Assistant discovery starts")
    func brokerAndHomeAssistant() async throws {
        let user = (name: "hub", password: "s3cret-broker-pass")
        try await MosquittoBroker.with(MosquittoBrokerOptions(passwordUser: user)) { broker in
            let passwordPort = try #require(broker.passwordPort)
            let (hub, client) = try await Self.signedInHub(on: broker)
            defer { _ = hub.sandbox.stopService() }
            let page = try await client.get("/settings/sensors")
            #expect(page.inputValue("host") == "127.0.0.1" && page.inputValue("port") == "\(broker.port)", "\(page.body)")
            func form(_ action: String, password: String, homeAssistant: Bool = false) throws -> [(String, String)] {
                [("csrf", page.csrfToken ?? ""), ("version", try #require(page.hiddenField("version"))), ("action", action),
                 ("host", "127.0.0.1"), ("port", "\(passwordPort)"), ("username", user.name), ("password", password)]
                    + (homeAssistant ? [("home_assistant", "on")] : [])
            }

            let wrong = try await client.post("/settings/sensors/broker", form: try form("test", password: "not it"))
            #expect(wrong.status == 200 && wrong.body.contains("did not accept the connection"), "\(wrong.body)")
            let right = try await client.post("/settings/sensors/broker", form: try form("test", password: user.password))
            #expect(right.body.contains("Connected to 127.0.0.1:\(passwordPort) as hub; the broker accepted the hub."), "\(right.body)")
            #expect(!right.body.contains(user.password) && !wrong.body.contains("not it"), "a password is never shown back")
            #expect(try String(contentsOfFile: hub.sandbox.configFile, encoding: .utf8).contains("port: \(broker.port)"), "a test writes nothing")

            let saved = try await client.post("/settings/sensors/broker", form: try form("save", password: user.password, homeAssistant: true))
            #expect(saved.status == 200 && saved.body.contains("Applying the new settings"), "\(saved.body)")
            let passwordFile = hub.sandbox.directory + "/mqtt-password"
            #expect(try String(contentsOfFile: passwordFile, encoding: .utf8) == user.password + "\n")
            #expect(try FileManager.default.attributesOfItem(atPath: passwordFile)[.posixPermissions] as? Int == 0o640)
            let file = try String(contentsOfFile: hub.sandbox.configFile, encoding: .utf8)
            #expect(file.contains("  port: \(passwordPort)\n") && file.contains("  username: hub\n") && file.contains("  password_file: \(passwordFile)\n"))
            #expect(file.contains("  home_assistant:\n    enabled: true\n") && !file.contains(user.password), "\(file)")
            #expect(hub.sandbox.notify.wait(for: "READY=1"), "\(hub.sandbox.serviceLog)")
            try await waitUntil {
                try await !broker.retainedMessages(["homeassistant/#"]).isEmpty
            }
            let after = try await client.get("/settings/sensors")
            #expect(after.body.contains("Saved broker: 127.0.0.1") == false && after.body.contains("port: \(passwordPort); user: hub; a new password; Home Assistant discovery on."), "\(after.body)")
            #expect(!after.body.contains(user.password) && !hub.sandbox.serviceLog.contains(user.password))
        }
    }

    @Test("a hub without a broker: the page says so and offers the broker form; saved, the hub connects and lists what it hears")
    func firstBroker() async throws {
        try await MosquittoBroker.with { broker in
            let port = try MosquittoBroker.freePort()
            let hub = try MQTTHub(broker: broker, configuration: """
                provider:
                  source: demo
                panel:
                  model: simulated
                  simulated: { width: 400, height: 300 }
                http:
                  address: 127.0.0.1
                  port: \(port)
                """)
            #expect(try hub.sandbox.ctl(["web", "password"], input: WebSecurityTests.password + "\n").status == 0)
            try hub.sandbox.startService()
            defer { _ = hub.sandbox.stopService() }
            let client = WebClient(baseURL: "http://127.0.0.1:\(port)")
            #expect(try await client.signIn(password: WebSecurityTests.password).status == 303)
            let page = try await client.get("/settings/sensors")
            #expect(page.body.contains("The hub listens to no MQTT broker or socket feed yet (the sensors above are the demo")
                && page.inputValue("host") == "", "\(page.body)")
            #expect(try await client.get("/settings/weather").body.contains(#"href="/settings/sensors""#), "the header leads to it")

            let saved = try await client.post("/settings/sensors/broker", form: [
                ("csrf", page.csrfToken ?? ""), ("version", try #require(page.hiddenField("version"))), ("action", "save"),
                ("host", "127.0.0.1"), ("port", "\(broker.port)"), ("username", ""), ("password", ""),
            ])
            #expect(saved.status == 200 && saved.body.contains("Applying the new settings"), "\(saved.body)")
            #expect(hub.sandbox.notify.wait(for: "READY=1"), "\(hub.sandbox.serviceLog)")
            var after = ""
            try await waitUntil {
                try await broker.publish(topic: "rtl_433/pi/events", payload: #"{"model":"Nexus-TH","id":7,"channel":1,"temperature_C":12.5}"#)
                // The web side starts again with the rebuilt hub: a refused connection is a moment of that.
                after = (try? await client.get("/settings/sensors").body) ?? ""
                return after.contains("Nexus-TH/1/7")
            }
            #expect(!after.contains("listens to no MQTT broker") && !after.contains("Balcony"), "the demo's sensors gave way to the broker's")
        }
    }

    @Test("TLS from the page: an untrusted authority is told, the broker's connects; saved, the hub reads over TLS; emptied, TLS is taken out")
    func brokerTLS() async throws {
        try await MosquittoBroker.with(MosquittoBrokerOptions(tls: true)) { broker in
            let certificates = try #require(broker.certificates)
            let tlsPort = try #require(broker.tlsPort)
            let (hub, client) = try await Self.signedInHub(on: broker)
            defer { _ = hub.sandbox.stopService() }
            var page = try await client.get("/settings/sensors")
            func form(_ action: String, host: String, port: Int, caFile: String) throws -> [(String, String)] {
                [("csrf", page.csrfToken ?? ""), ("version", try #require(page.hiddenField("version"))), ("action", action),
                 ("host", host), ("port", "\(port)"), ("username", ""), ("password", ""), ("ca_file", caFile),
                 ("cert_file", ""), ("key_file", "")]
            }

            let untrusted = try await client.post("/settings/sensors/broker", form: try form("test", host: "localhost", port: tlsPort, caFile: certificates.clientCertificateFile))
            #expect(untrusted.body.contains("localhost:\(tlsPort) did not accept the connection") && untrusted.body.contains("certificate verify failed"), "\(untrusted.body)")
            let trusted = try await client.post("/settings/sensors/broker", form: try form("test", host: "localhost", port: tlsPort, caFile: certificates.caFile))
            #expect(trusted.body.contains("Connected to localhost:\(tlsPort)"), "\(trusted.body)")
            let relative = try await client.post("/settings/sensors/broker", form: try form("save", host: "localhost", port: tlsPort, caFile: "ca.pem"))
            #expect(relative.status == 422 && relative.body.contains("written from the root"), "\(relative.body)")

            let saved = try await client.post("/settings/sensors/broker", form: try form("save", host: "localhost", port: tlsPort, caFile: certificates.caFile))
            #expect(saved.body.contains("Applying the new settings"), "\(saved.body)")
            #expect(try String(contentsOfFile: hub.sandbox.configFile, encoding: .utf8).contains("  tls:\n    ca_file: \(certificates.caFile)\n"))
            do {
                try await waitUntil {
                    try await broker.publish(topic: "rtl_433/pi/events", payload: #"{"model":"Nexus-TH","id":9,"channel":2,"temperature_C":3.5}"#)
                    page = (try? await client.get("/settings/sensors")) ?? page
                    return page.body.contains("Nexus-TH/2/9")
                }
            } catch {
                Issue.record("not heard over TLS; the service's log:\n\(hub.sandbox.serviceLog.suffix(8000))")
                throw error
            }
            #expect(page.inputValue("ca_file") == certificates.caFile, "the form shows the file it reads")

            let plain = try await client.post("/settings/sensors/broker", form: try form("save", host: "127.0.0.1", port: broker.port, caFile: ""))
            #expect(plain.body.contains("Applying the new settings"), "\(plain.body)")
            let file = try String(contentsOfFile: hub.sandbox.configFile, encoding: .utf8)
            #expect(!file.contains("tls:") && file.contains("  port: \(broker.port)\n"), "\(file)")
        }
    }
}
