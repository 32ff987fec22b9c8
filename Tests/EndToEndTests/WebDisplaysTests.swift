import Foundation
import HubTestSupport
import Testing

/// The Displays page against the real service: a TRMNL device waiting, approved and removed from the
/// browser as `weatherctl displays approve` and `remove` do, its log shown as text.
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
        }
    }

    @Test("without networked displays there is no Displays page")
    func noDisplays() async throws {
        try await WebSecurityTests.withHub { _, client in
            _ = try await client.signIn(password: WebSecurityTests.password)
            #expect(!(try await client.get("/settings/weather").body.contains("/settings/displays")))
            #expect(try await client.get("/settings/displays").status == 404)
        }
    }
}
