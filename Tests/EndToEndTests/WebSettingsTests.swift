import Foundation
import HubTestSupport
import Testing

/// The Weather page's settings against the real service: saved to the configuration file as `weatherctl
/// config set` saves it, applied by the same process without signing anyone out, refused when the file
/// changed on the hub meanwhile or when a value is not one of the choices.
@Suite("Web pages: settings in the configuration file", .serialized)
struct WebSettingsTests {
    static func withSignedInHub(_ body: (HubSandbox, WebClient) async throws -> Void) async throws {
        let port = try MosquittoBroker.freePort()
        let hub = try HubSandbox(configuration: """
            # The hub in the hall. Comments stay.
            provider:
              source: demo
            display:
              language: en   # the family reads English
            http:
              address: 127.0.0.1
              port: \(port)
            """)
        #expect(try hub.ctl(["web", "password"], input: WebSecurityTests.password + "\n").status == 0)
        try hub.startService()
        let client = WebClient(baseURL: "http://127.0.0.1:\(port)")
        let signIn = try await client.get("/sign-in")
        let signedIn = try await client.post("/sign-in", form: [("csrf", signIn.csrfToken ?? ""), ("password", WebSecurityTests.password)])
        #expect(signedIn.status == 303)
        try await body(hub, client)
        #expect(hub.stopService() == 0)
    }

    /// The settings form's fields as the page shows them, with `changes` made.
    static func settingsForm(_ page: WebClient.Answer, _ changes: [String: String]) throws -> [(String, String)] {
        let version = try #require(page.hiddenField("version"))
        var fields = ["source": "demo", "fallback": "none", "units": "metric", "language": "en", "clock": "24h"]
        for name in fields.keys { fields[name] = page.selectedOption(name) ?? fields[name] }
        fields.merge(changes) { $1 }
        return [("csrf", page.csrfToken ?? ""), ("version", version)] + fields.sorted { $0.key < $1.key }
    }

    @Test("a language saved on the page is in the file with its comments, on the panel, and the session stays signed in")
    func saveAndApply() async throws {
        try await Self.withSignedInHub { hub, client in
            let process = try #require(hub.service?.processIdentifier)
            let page = try await client.get("/settings/weather")
            #expect(page.status == 200)
            #expect(page.selectedOption("language") == "en" && page.selectedOption("clock") == "24h", "\(page.body)")
            let before = try Data(contentsOf: URL(fileURLWithPath: hub.latestFrame))

            let saved = try await client.post("/settings/weather/settings", form: try Self.settingsForm(page, ["language": "de", "clock": "12h"]))
            #expect(saved.status == 200, "\(saved.body)")
            #expect(saved.body.contains(#"<meta http-equiv="refresh" content="3;url=/settings/weather">"#))
            let file = try String(contentsOfFile: hub.configFile, encoding: .utf8)
            #expect(file.contains("  language: de   # the family reads English\n  clock: 12h\n"), "\(file)")
            #expect(file.hasPrefix("# The hub in the hall. Comments stay."))
            #expect(hub.notify.wait(for: "READY=1"), "\(hub.serviceLog)")

            let after = try await client.get("/settings/weather")
            #expect(after.status == 200, "the session outlived the rebuild")
            #expect(after.body.contains("Saved language: Deutsch; clock: 12-hour (2:05 PM)."), "\(after.body)")
            #expect(after.body.contains("The hub applied the new settings; on the panel after"), "\(after.body)")
            #expect(after.selectedOption("language") == "de" && after.selectedOption("clock") == "12h")
            #expect(try Data(contentsOf: URL(fileURLWithPath: hub.latestFrame)) != before)
            #expect(try hub.ctl(["status", "--json"]).output.contains(#""processID" : \#(process)"#))
            // The status page lists the panel's refreshes, across the rebuild: the first frames and the new one,
            // each by how long ago it was. The demo data makes no calls, so no count of them is shown.
            let status = try await client.get("/")
            #expect(status.body.contains("last refreshes</h2>"), "\(status.body)")
            #expect(status.body.contains("\u{00A0}ago</th><td>full"), "\(status.body)")
            #expect(!status.body.contains("Calls today"), "\(status.body)")
            #expect(status.body.components(separatedBy: ": weather").count >= 3, "\(status.body)")
        }
    }

    @Test("a language previewed is drawn by the hub and written nowhere")
    func preview() async throws {
        try await Self.withSignedInHub { hub, client in
            let original = try String(contentsOfFile: hub.configFile, encoding: .utf8)
            let page = try await client.get("/settings/weather")
            let previewed = try await client.post(
                "/settings/weather/settings", form: try Self.settingsForm(page, ["language": "fr"]) + [("action", "preview")])
            #expect(previewed.status == 200, "\(previewed.body)")
            #expect(previewed.body.contains("A preview with these settings; nothing is saved yet."))
            #expect(previewed.selectedOption("language") == "fr", "the form keeps the values previewed")
            let image = try #require(previewed.body.firstMatch(of: /src="(\/settings\/preview\.png\?v=[0-9a-f]+)"/)?.output.1)
            let png = try await client.get(String(image))
            #expect(png.status == 200 && png.header("Content-Type") == "image/png")
            #expect(try String(contentsOfFile: hub.configFile, encoding: .utf8) == original)
            let saved = try await client.post("/settings/weather/settings", form: try Self.settingsForm(previewed, ["language": "fr"]))
            #expect(saved.status == 200 && saved.body.contains("Applying"), "the previewed form saves as it is")
        }
    }

    @Test("a file changed on the hub since the page was opened is not overwritten: the page shows the difference")
    func changedOnDisk() async throws {
        try await Self.withSignedInHub { hub, client in
            let page = try await client.get("/settings/weather")
            let edited = try String(contentsOfFile: hub.configFile, encoding: .utf8).replacing("language: en", with: "language: sv")
            try edited.write(toFile: hub.configFile, atomically: true, encoding: .utf8)

            let refused = try await client.post("/settings/weather/settings", form: try Self.settingsForm(page, ["clock": "12h"]))
            #expect(refused.status == 409)
            #expect(refused.body.contains("was changed since you opened this page"))
            #expect(refused.body.contains("− 5:   language: en   # the family reads English"), "\(refused.body)")
            #expect(refused.body.contains("+ 5:   language: sv   # the family reads English"))
            #expect(refused.selectedOption("language") == "sv", "the form shows the file as it is now")
            #expect(try String(contentsOfFile: hub.configFile, encoding: .utf8) == edited)

            let again = try await client.post("/settings/weather/settings", form: try Self.settingsForm(refused, ["clock": "12h"]))
            #expect(again.status == 200, "a save against the file as it is now goes through")
            #expect(try String(contentsOfFile: hub.configFile, encoding: .utf8).contains("language: sv   # the family reads English\n  clock: 12h"))
        }
    }

    @Test("values outside the choices, old forms and forms without a token change nothing")
    func refusals() async throws {
        try await Self.withSignedInHub { hub, client in
            let original = try String(contentsOfFile: hub.configFile, encoding: .utf8)
            let page = try await client.get("/settings/weather")
            let form = try Self.settingsForm(page, ["language": "<script>alert(1)</script>"])
            let bad = try await client.post("/settings/weather/settings", form: form)
            #expect(bad.status == 422)
            #expect(bad.body.contains("The language must be one of en, de, fr"), "\(bad.body)")
            #expect(!bad.body.contains("<script>"))

            let old = try Self.settingsForm(page, ["clock": "12h"]).map { $0.0 == "version" ? ($0.0, "0123456789abcdef") : $0 }
            #expect(try await client.post("/settings/weather/settings", form: old).status == 409)
            let noToken = try Self.settingsForm(page, ["clock": "12h"]).filter { $0.0 != "csrf" }
            #expect(try await client.post("/settings/weather/settings", form: noToken).status == 403)
            #expect(try String(contentsOfFile: hub.configFile, encoding: .utf8) == original)
        }
    }
}

extension WebClient.Answer {
    /// The value of the first hidden field named `name`.
    func hiddenField(_ name: String) -> String? {
        let pattern = #"<input type="hidden" name="\#(name)" value="([^"]*)">"#
        guard let match = body.firstMatch(of: try! Regex(pattern)), let value = match.output[1].substring else { return nil }
        return String(value)
    }

    /// The selected option's value of the menu named `name` (whose id is `id` when it is not the name).
    func selectedOption(_ name: String, id: String? = nil) -> String? {
        guard let start = body.range(of: #"<select id="\#(id ?? name)" name="\#(name)">"#),
            let end = body[start.upperBound...].range(of: "</select>")
        else { return nil }
        let menu = body[start.upperBound..<end.lowerBound]
        guard let match = menu.firstMatch(of: try! Regex(#"<option value="([^"]*)" selected>"#)), let value = match.output[1].substring else { return nil }
        return String(value)
    }
}
