import Foundation
import HubTestSupport
import Testing

/// The Displays page against the real service: a TRMNL device waiting, approved and removed from the
/// browser as `weatherctl displays approve` and `remove` do, its log shown as text; a display added,
/// changed and taken out, written to the configuration file and applied.
@Suite("Web pages: displays", .serialized)
struct WebDisplaysTests {
    static let mac = "AA:BB:CC:DD:EE:42"

    @Test("a waiting device is approved and removed from the Displays page, only with the session's token")
    func approveAndRemove() async throws {
        try await WebSecurityTests.withHub(displays: """
            displays:
              - id: kitchen
                kind: trmnl
                layout:
                  - kind: weather
                    family: extraLarge
              - id: hall
                kind: image
                width: 600
                height: 800
                layout:
                  - kind: weather
                    family: large
            """) { hub, client in
            let device = ["ID": Self.mac]
            #expect(try await client.get("/api/setup", headers: device).body.contains(#""status":404"#))
            _ = try await client.signIn(password: WebSecurityTests.password)
            let page = try await client.get("/settings/displays")
            #expect(page.status == 200 && page.body.contains("Waiting for approval") && page.body.contains(Self.mac))
            #expect(page.body.contains("weatherctl displays url hall"))
            let token = try #require(page.csrfToken)
            let approve = [("device", Self.mac), ("display", "kitchen")]

            #expect(try await client.post("/settings/displays/approve", form: approve).status == 403)
            let wrong = (token.first == "0" ? "1" : "0") + token.dropFirst()
            #expect(try await client.post("/settings/displays/approve", form: [("csrf", wrong)] + approve).status == 403)
            let unknown = try await client.post("/settings/displays/approve", form: [("csrf", token), ("device", Self.mac), ("display", "attic")])
            #expect(unknown.status == 422 && unknown.body.contains("attic"))
            let approved = try await client.post("/settings/displays/approve", form: [("csrf", token)] + approve)
            #expect(approved.status == 303 && approved.header("Location") == "/settings/displays")
            let setup = try await client.get("/api/setup", headers: device)
            #expect(setup.body.contains(#""status":200"#), "\(setup.body)")
            #expect(try hub.ctl(["displays"]).output.contains(Self.mac))

            let key = try #require(setup.body.range(of: #""api_key":"([0-9a-f]+)""#, options: .regularExpression).map { String(setup.body[$0].dropFirst(11).dropLast()) })
            let log = #"{"logs":[{"id":1,"message":"<img src=x onerror=alert(1)>","level":"info"}]}"#
            #expect(try await client.post("/api/log", json: log, headers: ["ID": Self.mac, "Access-Token": key]).status == 200)
            let listed = try await client.get("/settings/displays")
            #expect(listed.body.contains("Approved \(Self.mac) for kitchen"))
            #expect(listed.body.contains("&lt;img src=x onerror=alert(1)&gt;") && !listed.body.contains("<img src=x"))
            #expect(!listed.body.contains(key), "a device's key is never on a page")

            let removed = try await client.post("/settings/displays/remove", form: [("csrf", token), ("device", Self.mac)])
            #expect(removed.status == 303)
            #expect(try await client.get("/api/setup", headers: device).body.contains(#""status":404"#))
            #expect(try await client.get("/settings/displays").body.contains("Removed \(Self.mac)"))

            // The image address, token included, only when asked for: the same as `weatherctl displays url`.
            let printed = try hub.ctl(["displays", "url", "hall", "--base", client.baseURL]).output.trimmingCharacters(in: .whitespacesAndNewlines)
            let imageToken = try #require(printed.split(separator: "token=").last.map(String.init))
            #expect(!(try await client.get("/settings/displays").body.contains(imageToken)), "not on the page unasked")
            #expect(try await client.post("/settings/displays/address", form: [("display", "hall")]).status == 403)
            let shown = try await client.post("/settings/displays/address", form: [("csrf", token), ("display", "hall")])
            #expect(shown.status == 200 && shown.body.contains(#"value="\#(printed)" readonly"#), "\(shown.body)")
            #expect(shown.header("Cache-Control") == "no-store")
            let image = try await client.get(String(printed.dropFirst(client.baseURL.count)))
            #expect(image.status == 200, "the address opens the image")
        }
    }

    @Test("without networked displays the page offers to add one: added, the hub serves it; changed; taken out")
    func addChangeTakeOut() async throws {
        try await WebSecurityTests.withHub { hub, client in
            _ = try await client.signIn(password: WebSecurityTests.password)
            #expect(try await client.get("/settings/weather").body.contains(#"href="/settings/displays""#))
            var page = try await client.get("/settings/displays")
            #expect(page.status == 200 && page.body.contains("Add a display"), "\(page.body)")
            func form(_ fields: [(String, String)]) throws -> [(String, String)] {
                [("csrf", page.csrfToken ?? ""), ("version", try #require(page.hiddenField("version")))] + fields
            }
            let den = [("id", "den"), ("kind", "image"), ("width", "296"), ("height", "128"), ("depth", "1"), ("rotation", "0"), ("layout", "weather")]

            for path in ["/settings/displays/save", "/settings/displays/delete"] {
                #expect(try await client.post(path, form: [("new", "on")] + den).status == 403, "\(path) without the session's token")
            }
            let badID = try await client.post("/settings/displays/save", form: try form([("new", "on"), ("id", "Den!")] + den.dropFirst()))
            #expect(badID.status == 422 && badID.body.contains("A display&#39;s id has up to 32"), "\(badID.body)")
            let added = try await client.post("/settings/displays/save", form: try form([("new", "on")] + den))
            #expect(added.status == 200 && added.body.contains("Applying the new settings"), "\(added.body)")
            #expect(try String(contentsOfFile: hub.configFile, encoding: .utf8).contains(
                "displays:\n  - id: den\n    kind: image\n    width: 296\n    height: 128\n    depth: 1\n    rotation: 0\n    layout:\n      - kind: weather\n"))
            try await waitUntil { try hub.ctl(["displays"]).output.contains("den") }
            // The web side starts again with the rebuilt hub.
            try await waitUntil {
                page = (try? await client.get("/settings/displays")) ?? page
                return page.body.contains("Take this display out")
            }
            #expect(page.body.contains("Take this display out") && page.body.contains(#"<input type="hidden" name="id" value="den">"#), "\(page.body)")
            let twice = try await client.post("/settings/displays/save", form: try form([("new", "on")] + den))
            #expect(twice.status == 422 && twice.body.contains("exists already"), "\(twice.body)")
            let turned = try await client.post("/settings/displays/save", form: try form(den.map { $0.0 == "rotation" ? ("rotation", "90") : $0 }))
            #expect(turned.status == 200, "\(turned.body)")
            let file = try String(contentsOfFile: hub.configFile, encoding: .utf8)
            #expect(file.contains("    rotation: 90\n") && file.contains("width: 128, height: 296"), "laid out again for the turned size: \(file)")

            try await waitUntil {
                page = (try? await client.get("/settings/displays")) ?? page
                return page.body.contains(#"<option value="90" selected>"#)
            }
            // A file changed on disk meanwhile is not overwritten; the page shows what changed.
            let edited = try String(contentsOfFile: hub.configFile, encoding: .utf8).replacing("    height: 128\n", with: "    height: 130\n")
            try edited.write(toFile: hub.configFile, atomically: true, encoding: .utf8)
            let stale = try await client.post("/settings/displays/delete", form: try form([("id", "den")]))
            #expect(stale.status == 409 && stale.body.contains("+ 10:     height: 130"), "\(stale.body)")
            #expect(try String(contentsOfFile: hub.configFile, encoding: .utf8) == edited)

            page = stale
            let takenOut = try await client.post("/settings/displays/delete", form: try form([("id", "den")]))
            #expect(takenOut.status == 200 && takenOut.body.contains("Applying the new settings"), "\(takenOut.body)")
            #expect(!(try String(contentsOfFile: hub.configFile, encoding: .utf8).contains("id: den")))
        }
    }
}
