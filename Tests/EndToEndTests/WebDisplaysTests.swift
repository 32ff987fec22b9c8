import Foundation
import HubTestSupport
import Testing

/// The Displays page against the real service: a TRMNL device waiting, approved and removed from the
/// browser as `weatherctl displays approve` and `remove` do, its log shown as text; a display previewed,
/// added, changed and taken out, written to the configuration file and applied.
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
            // A preview draws the new display at its size, writes nothing, and keeps the values in the form.
            let original = try String(contentsOfFile: hub.configFile, encoding: .utf8)
            let previewed = try await client.post("/settings/displays/save", form: try form([("new", "on"), ("action", "preview")] + den))
            #expect(previewed.status == 200 && previewed.body.contains("A preview of den with these values"), "\(previewed.body)")
            #expect(previewed.inputValue("width") == "296", "the form keeps the values previewed")
            let image = try #require(previewed.body.firstMatch(of: /src="(\/settings\/preview\.png\?v=[0-9a-f]+)"/)?.output.1)
            let size = WebPanelTests.pngSize(try await WebPanelTests.download(String(image), client: client, into: hub))
            #expect(size?.width == 296 && size?.height == 128)
            #expect(try String(contentsOfFile: hub.configFile, encoding: .utf8) == original, "a preview writes nothing")

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
            // Its widgets one by one: previewed (the rows kept, their form open), refused where they overlap, saved.
            let rows = [
                ("kind.0", "weather"), ("family.0", "medium"), ("x.0", "0"), ("y.0", "0"), ("width.0", "148"), ("height.0", "128"),
                ("kind.1", "forecast"), ("family.1", "small"), ("x.1", "148"), ("y.1", "0"), ("width.1", "148"), ("height.1", "128"),
            ]
            let before = try String(contentsOfFile: hub.configFile, encoding: .utf8)
            let widgets = try await client.post("/settings/displays/widgets", form: try form([("id", "den"), ("action", "preview")] + rows))
            #expect(widgets.status == 200 && widgets.body.contains("A preview of den") && widgets.body.contains("<details open>"), "\(widgets.body)")
            #expect(widgets.selectedOption("kind.1", id: "den-kind.1") == "forecast")
            let widgetsImage = try #require(widgets.body.firstMatch(of: /src="(\/settings\/preview\.png\?v=[0-9a-f]+)"/)?.output.1)
            let widgetsSize = WebPanelTests.pngSize(try await WebPanelTests.download(String(widgetsImage), client: client, into: hub))
            #expect(widgetsSize?.width == 296 && widgetsSize?.height == 128)
            #expect(try String(contentsOfFile: hub.configFile, encoding: .utf8) == before, "a preview writes nothing")
            let overlapping = rows.map { $0.0 == "x.1" ? ("x.1", "100") : $0 }
            let refusedRows = try await client.post("/settings/displays/widgets", form: try form([("id", "den"), ("action", "save")] + overlapping))
            #expect(refusedRows.status == 422 && refusedRows.body.contains("overlaps"), "\(refusedRows.body)")
            let placed = try await client.post("/settings/displays/widgets", form: try form([("id", "den"), ("action", "save")] + rows))
            #expect(placed.status == 200 && placed.body.contains("Applying the new settings"), "\(placed.body)")
            #expect(try String(contentsOfFile: hub.configFile, encoding: .utf8).contains(
                "      - kind: forecast\n        family: small\n        region: { x: 148, y: 0, width: 148, height: 128 }\n"))
            try await waitUntil {
                page = (try? await client.get("/settings/displays")) ?? page
                return page.selectedOption("kind.1", id: "den-kind.1") == "forecast"
            }

            // The file's own layout on a narrower display: refused in `config check`'s words.
            let narrower = den.map { $0.0 == "layout" ? ("layout", "keep") : $0.0 == "width" ? ("width", "200") : $0 }
            let refused = try await client.post("/settings/displays/save", form: try form([("action", "preview")] + narrower))
            #expect(refused.status == 422 && refused.body.contains("The display den cannot show this"), "\(refused.body)")
            let turnedPreview = try await client.post(
                "/settings/displays/save", form: try form([("action", "preview")] + den.map { $0.0 == "rotation" ? ("rotation", "90") : $0 }))
            let turnedImage = try #require(turnedPreview.body.firstMatch(of: /src="(\/settings\/preview\.png\?v=[0-9a-f]+)"/)?.output.1)
            let turnedSize = WebPanelTests.pngSize(try await WebPanelTests.download(String(turnedImage), client: client, into: hub))
            #expect(turnedSize?.width == 128 && turnedSize?.height == 296, "turned a quarter, drawn 128 wide")
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
