import Foundation
import HubTestSupport
import Testing

/// The Panel page against the real service: a preview of the whole panel with the form's values before
/// anything is saved, the same refusals as `weatherctl config check` for a panel the layout does not fit,
/// and a save that the same process applies.
@Suite("Web pages: the Panel page", .serialized)
struct WebPanelTests {
    /// Two widgets side by side on the simulated 400×300 panel: they fit it only as it is.
    static let sideBySide = """
        layout:
          - kind: weather
            family: medium
            region: { x: 0, y: 0, width: 200, height: 300 }
          - kind: sensors
            family: small
            region: { x: 200, y: 0, width: 200, height: 150 }

        """

    /// A signed-in client of a hub on the simulated panel, with `layout` (the default one, which fits
    /// any panel, when empty).
    static func withSignedInHub(layout: String = "", _ body: (HubSandbox, WebClient) async throws -> Void) async throws {
        let port = try MosquittoBroker.freePort()
        let hub = try HubSandbox(configuration: """
            provider:
              source: demo
            panel:
              model: simulated   # the test's panel

            """ + layout + """
            http:
              address: 127.0.0.1
              port: \(port)
            """)
        #expect(try hub.ctl(["web", "password"], input: WebSecurityTests.password + "\n").status == 0)
        try hub.startService()
        let client = WebClient(baseURL: "http://127.0.0.1:\(port)")
        let signIn = try await client.get("/sign-in")
        #expect(try await client.post("/sign-in", form: [("csrf", signIn.csrfToken ?? ""), ("password", WebSecurityTests.password)]).status == 303)
        try await body(hub, client)
        #expect(hub.stopService() == 0, "\(hub.serviceLog)")
    }

    /// The panel form's fields as the page shows them, with `changes` made and `action` pressed.
    static func panelForm(_ page: WebClient.Answer, action: String, _ changes: [String: String]) throws -> [(String, String)] {
        var fields = [
            "model": try #require(page.selectedOption("model")), "rotation": try #require(page.selectedOption("rotation")),
            "layout": try #require(page.selectedOption("layout")),
            "minimum_interval": page.inputValue("minimum_interval") ?? "", "quiet_hours": page.inputValue("quiet_hours") ?? "",
        ]
        fields.merge(changes) { $1 }
        return [("csrf", page.csrfToken ?? ""), ("version", try #require(page.hiddenField("version"))), ("action", action)]
            + fields.sorted { $0.key < $1.key }
    }

    @Test("a rotation previewed draws the turned panel and saves nothing; saved, it is in the file and applied")
    func previewThenSave() async throws {
        try await Self.withSignedInHub { hub, client in
            let original = try String(contentsOfFile: hub.configFile, encoding: .utf8)
            let page = try await client.get("/settings/panel")
            #expect(page.status == 200)
            #expect(page.selectedOption("model") == "simulated" && page.selectedOption("rotation") == "0", "\(page.body)")
            #expect(page.inputValue("minimum_interval") == "5s")

            let previewed = try await client.post("/settings/panel", form: try Self.panelForm(page, action: "preview", ["rotation": "90"]))
            #expect(previewed.status == 200, "\(previewed.body)")
            #expect(previewed.body.contains("A preview with these values; nothing is saved yet."))
            #expect(previewed.selectedOption("rotation") == "90", "the form keeps the values previewed")
            let image = try #require(previewed.body.firstMatch(of: /src="(\/settings\/preview\.png\?v=[0-9a-f]+)"/)?.output.1)
            let png = try await client.get(String(image))
            #expect(png.status == 200 && png.header("Content-Type") == "image/png")
            let size = Self.pngSize(try await Self.download(String(image), client: client, into: hub))
            #expect(size?.width == 300 && size?.height == 400, "turned a quarter, the 400×300 panel is drawn 300 wide and 400 high")
            #expect(try String(contentsOfFile: hub.configFile, encoding: .utf8) == original, "a preview writes nothing")

            let before = try Data(contentsOf: URL(fileURLWithPath: hub.latestFrame))
            let saved = try await client.post("/settings/panel", form: try Self.panelForm(previewed, action: "save", ["rotation": "90", "quiet_hours": "22:30-07:00"]))
            #expect(saved.status == 200 && saved.body.contains("Applying the new settings"), "\(saved.body)")
            let file = try String(contentsOfFile: hub.configFile, encoding: .utf8)
            #expect(file.contains("  model: simulated   # the test's panel\n  rotation: 90\n  refresh:\n    quiet_hours: 22:30-07:00\n"), "\(file)")
            #expect(hub.notify.wait(for: "READY=1"), "\(hub.serviceLog)")
            let after = try await client.get("/settings/panel")
            #expect(after.body.contains("Saved rotation: 90°; quiet hours: 22:30-07:00."), "\(after.body)")
            #expect(after.selectedOption("rotation") == "90" && after.inputValue("quiet_hours") == "22:30-07:00")
            #expect(try Data(contentsOf: URL(fileURLWithPath: hub.latestFrame)) != before)
        }
    }

    @Test("widgets placed one by one: overlapping ones refused in config check's words, previewed, saved as the file's layout, taken out")
    func widgetsOneByOne() async throws {
        try await Self.withSignedInHub(layout: Self.sideBySide) { hub, client in
            let original = try String(contentsOfFile: hub.configFile, encoding: .utf8)
            var page = try await client.get("/settings/panel")
            #expect(page.selectedOption("kind.0") == "weather" && page.selectedOption("family.0") == "medium" && page.inputValue("width.0") == "200")
            #expect(page.selectedOption("kind.1") == "sensors" && page.selectedOption("kind.2") == "none", "an empty row adds one")
            func form(_ action: String, _ rows: [(kind: String, family: String, x: Int, y: Int, width: Int, height: Int)]) throws -> [(String, String)] {
                try [("csrf", page.csrfToken ?? ""), ("version", #require(page.hiddenField("version"))), ("action", action)]
                    + rows.enumerated().flatMap { index, row in
                        [("kind.\(index)", row.kind), ("family.\(index)", row.family), ("x.\(index)", "\(row.x)"), ("y.\(index)", "\(row.y)"),
                         ("width.\(index)", "\(row.width)"), ("height.\(index)", "\(row.height)")]
                    }
            }

            let overlapping = try await client.post("/settings/panel/widgets", form: try form("save", [
                ("weather", "medium", 0, 0, 250, 300), ("sensors", "small", 200, 0, 200, 150),
            ]))
            #expect(overlapping.status == 422 && overlapping.body.contains("overlaps widget 1"), "\(overlapping.body)")
            let unknown = try await client.post("/settings/panel/widgets", form: try form("save", [("<clock>", "small", 0, 0, 10, 10)]))
            #expect(unknown.status == 422 && unknown.body.contains("A widget&#39;s kind is one of") && !unknown.body.contains("<clock>"), "\(unknown.body)")
            let three: [(kind: String, family: String, x: Int, y: Int, width: Int, height: Int)] = [
                ("weather", "medium", 0, 0, 200, 300), ("sensors", "small", 200, 0, 200, 150), ("history", "small", 200, 150, 200, 150),
            ]
            let previewed = try await client.post("/settings/panel/widgets", form: try form("preview", three))
            #expect(previewed.status == 200 && previewed.body.contains("/settings/preview.png"), "\(previewed.body)")
            #expect(previewed.selectedOption("kind.2") == "history" && previewed.selectedOption("kind.3") == "none", "the rows previewed, and a new one")
            #expect(try String(contentsOfFile: hub.configFile, encoding: .utf8) == original, "a preview writes nothing")

            page = previewed
            let saved = try await client.post("/settings/panel/widgets", form: try form("save", three))
            #expect(saved.status == 200 && saved.body.contains("Applying the new settings"), "\(saved.body)")
            #expect(try String(contentsOfFile: hub.configFile, encoding: .utf8).contains(
                "  - kind: history\n    family: small\n    region: { x: 200, y: 150, width: 200, height: 150 }\n"))
            #expect(hub.notify.wait(for: "READY=1"), "\(hub.serviceLog)")
            try await waitUntil { try hub.ctl(["widgets"]).output.contains("history") }

            page = try await client.get("/settings/panel")
            let takenOut = try await client.post("/settings/panel/widgets", form: try form("save", [
                ("weather", "medium", 0, 0, 200, 300), ("none", "small", 200, 0, 200, 150), ("history", "small", 200, 150, 200, 150),
            ]))
            #expect(takenOut.status == 200, "\(takenOut.body)")
            let file = try String(contentsOfFile: hub.configFile, encoding: .utf8)
            #expect(!file.contains("kind: sensors") && file.contains("kind: history"), "\(file)")
        }
    }

    @Test("a panel the layout does not fit gets config check's explanation, previewed or saved; bad texts are refused")
    func refusals() async throws {
        try await Self.withSignedInHub(layout: Self.sideBySide) { hub, client in
            let original = try String(contentsOfFile: hub.configFile, encoding: .utf8)
            let page = try await client.get("/settings/panel")
            for action in ["preview", "save"] {
                let small = try await client.post("/settings/panel", form: try Self.panelForm(page, action: action, ["model": "waveshare-2in13-v4"]))
                #expect(small.status == 422, "\(action): \(small.status)")
                #expect(small.body.contains("layout[1]"), "\(action): \(small.body)")
                #expect(!small.body.contains("preview.png"))
            }
            let cases = [
                (["minimum_interval": "soon"], "The shortest interval must be a duration such as 3m"),
                (["quiet_hours": "25:00-xx"], "Quiet hours are a span such as 23:00-06:30"),
                (["rotation": "45"], "The rotation must be 0, 90, 180 or 270"),
                (["model": "<b>x</b>"], "The panel must be one of"),
            ]
            for (change, message) in cases {
                let refused = try await client.post("/settings/panel", form: try Self.panelForm(page, action: "save", change))
                #expect(refused.status == 422 && refused.body.contains(message), "\(change): \(refused.body)")
                #expect(!refused.body.contains("<b>x</b>"))
            }
            #expect(try String(contentsOfFile: hub.configFile, encoding: .utf8) == original)
            client.cookie = nil
            #expect(try await client.get("/settings/preview.png").status == 404, "previews are a signed-in session's")
        }
    }

    @Test("a preset laid out for a smaller panel fits where the file's own layout did not; it replaces only the layout's lines")
    func presetForAnotherPanel() async throws {
        try await Self.withSignedInHub(layout: Self.sideBySide) { hub, client in
            let original = try String(contentsOfFile: hub.configFile, encoding: .utf8)
            let page = try await client.get("/settings/panel")
            #expect(page.selectedOption("layout") == "keep", "the file's own layout is no preset")
            let previewed = try await client.post(
                "/settings/panel", form: try Self.panelForm(page, action: "preview", ["model": "waveshare-2in13-v4", "layout": "weather-sensors"]))
            #expect(previewed.status == 200, "\(previewed.body)")
            let image = try #require(previewed.body.firstMatch(of: /src="(\/settings\/preview\.png\?v=[0-9a-f]+)"/)?.output.1)
            let size = Self.pngSize(try await Self.download(String(image), client: client, into: hub))
            #expect(size?.width == 122 && size?.height == 250, "the 2.13-inch panel is portrait: \(String(describing: size))")

            let saved = try await client.post(
                "/settings/panel", form: try Self.panelForm(page, action: "save", ["rotation": "90", "layout": "weather-forecast"]))
            #expect(saved.status == 200, "\(saved.body)")
            let file = try String(contentsOfFile: hub.configFile, encoding: .utf8)
            let expected = original.replacing("  model: simulated   # the test's panel\n", with: "  model: simulated   # the test's panel\n  rotation: 90\n")
                .replacing(Self.sideBySide, with: """
                    layout:
                      - kind: weather
                        family: medium
                        region: { x: 0, y: 0, width: 300, height: 266 }
                      - kind: forecast
                        family: medium
                        region: { x: 0, y: 266, width: 300, height: 134 }

                    """)
            #expect(file == expected, "\(file)")
            #expect(hub.notify.wait(for: "READY=1"), "\(hub.serviceLog)")
            let after = try await client.get("/settings/panel")
            #expect(after.selectedOption("layout") == "weather-forecast" && after.body.contains("The hub applied the new settings"))
        }
    }

    @Test("a model whose hardware is not there is saved, not applied: the hub goes on with the panel before and says so")
    func missingHardware() async throws {
        try await Self.withSignedInHub { hub, client in
            let page = try await client.get("/settings/panel")
            let saved = try await client.post("/settings/panel", form: try Self.panelForm(page, action: "save", ["model": "waveshare-7in5-v2"]))
            #expect(saved.status == 200)
            try await waitUntil { hub.serviceLog.contains("running with the one before it") }
            #expect(hub.notify.wait(for: "READY=1"), "\(hub.serviceLog)")
            let after = try await client.get("/settings/panel")
            #expect(after.body.contains("The hub could not start with the new settings"), "\(after.body)")
            #expect(after.body.contains("spidev"))
            #expect(hub.service?.isRunning == true)
        }
    }

    /// Width and height from a PNG's header.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = Array(data)
        guard bytes.count > 24 else { return nil }
        func number(at offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(at: 16), number(at: 20))
    }

    /// The bytes at `path`, fetched with the client's session (the client's answers are text).
    static func download(_ path: String, client: WebClient, into hub: HubSandbox) async throws -> Data {
        let file = hub.directory + "/download.png"
        _ = try await MosquittoBrokerCommand.run(
            "/usr/bin/curl", ["-sS", "--max-time", "60", "-H", "Cookie: \(client.cookie ?? "")", "-o", file, client.baseURL + path])
        return try Data(contentsOf: URL(fileURLWithPath: file))
    }
}

extension WebClient.Answer {
    /// The value of the text field named `name`.
    func inputValue(_ name: String) -> String? {
        guard let match = body.firstMatch(of: try! Regex(#"name="\#(name)" value="([^"]*)""#)), let value = match.output[1].substring else { return nil }
        return String(value)
    }
}
