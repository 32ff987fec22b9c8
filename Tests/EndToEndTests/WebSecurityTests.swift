import Foundation
import HubTestSupport
import Testing

/// The signed-in pages against the real service on loopback (demo weather): the password from the real
/// `weatherctl`, sessions, CSRF tokens, slowed guessing, escaping and secrets.
@Suite("Web pages: sign-in and security", .serialized)
struct WebSecurityTests {
    static let password = "correct horse battery"

    /// A running hub with its web side on a free loopback port (more `http:` keys in `http`, a `displays:`
    /// section in `displays`), and a client.
    static func withHub(
        setPassword: Bool = true, http: String = "", displays: String = "", _ body: (HubSandbox, WebClient) async throws -> Void
    ) async throws {
        let port = try MosquittoBroker.freePort()
        let hub = try HubSandbox(configuration: """
            provider:
              demo: true
            http:
              address: 127.0.0.1
              port: \(port)
            """ + http + "\n" + displays)
        if setPassword {
            let result = try hub.ctl(["web", "password"], input: password + "\n")
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.contains("Saved the password"))
        }
        try hub.startService()
        try await body(hub, WebClient(baseURL: "http://127.0.0.1:\(port)"))
        #expect(hub.stopService() == 0, "\(hub.serviceLog)")
    }

    @Test("without a password the pages are read-only and say how to set one")
    func readOnlyWithoutPassword() async throws {
        try await Self.withHub(setPassword: false) { hub, client in
            #expect(try await client.get("/").body.contains("weatherctl web password"))
            let signIn = try await client.get("/sign-in")
            #expect(signIn.body.contains("weatherctl web password") && !signIn.body.contains(#"type="password""#))
            let attempt = try await client.post("/sign-in", form: [("csrf", signIn.csrfToken ?? ""), ("password", Self.password)])
            #expect(attempt.status == 403)
            #expect(try await client.get("/settings/weather").status == 303)
        }
    }

    @Test("weatherctl web password stores only a bcrypt hash, mode 0600, and refuses a short one")
    func passwordFile() async throws {
        let hub = try HubSandbox(configuration: "provider:\n  demo: true\n")
        let short = try hub.ctl(["web", "password"], input: "short\n")
        #expect(short.status == 64 && short.error.contains("at least 8 characters"))
        #expect(try hub.ctl(["web", "password"], input: Self.password + "\n").status == 0)
        let file = hub.stateDirectory + "/web-password"
        let stored = try String(contentsOfFile: file, encoding: .utf8)
        #expect(stored.hasPrefix("$2b$11$") && !stored.contains(Self.password))
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
    }

    @Test("every write needs a signed-in session and its CSRF token; sign-out ends the session")
    func writesNeedSessionAndToken() async throws {
        try await Self.withHub { hub, client in
            let city = [("name", "Zürich")]
            // No session at all.
            #expect(try await client.post("/settings/weather/city", form: city).status == 403)
            #expect(try await client.post("/sign-out", form: []).status == 403)
            // A visitor's session and its token are not enough to write.
            let signInPage = try await client.get("/sign-in")
            let visitorCookie = try #require(client.cookie)
            #expect(try await client.post("/settings/weather/city", form: [("csrf", signInPage.csrfToken ?? "")] + city).status == 403)

            let signedIn = try await client.post("/sign-in", form: [("csrf", signInPage.csrfToken ?? ""), ("password", Self.password)])
            #expect(signedIn.status == 303 && signedIn.header("Location") == "/settings/weather")
            let setCookie = try #require(signedIn.header("Set-Cookie"))
            #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict") && setCookie.contains("Max-Age=43200"))
            #expect(!setCookie.contains("Secure"), "a Secure cookie would not come back over plain HTTP")
            #expect(client.cookie != visitorCookie, "signing in gives a new session id")

            let page = try await client.get("/settings/weather")
            let token = try #require(page.csrfToken)
            #expect(try await client.post("/settings/weather/city", form: city).status == 403, "no token")
            #expect(try await client.post("/settings/weather/city", form: [("csrf", String(token.reversed()))] + city).status == 403, "a wrong token")
            #expect(try await client.post("/settings/weather/city", form: [("csrf", signInPage.csrfToken ?? "")] + city).status == 403, "the visitor's token")
            #expect(try hub.ctl(["city", "get"]).output.contains("the configuration's default"), "nothing was stored")

            let saved = try await client.post("/settings/weather/city", form: [("csrf", token)] + city)
            #expect(saved.status == 303 && saved.header("Location") == "/settings/weather")
            #expect(try hub.ctl(["city", "get"]).output.contains("Zürich, CH"))
            #expect(try await client.get("/settings/weather").body.contains("On the panel after"))

            let signedInCookie = client.cookie
            let out = try await client.post("/sign-out", form: [("csrf", token)])
            #expect(out.status == 303 && out.header("Location") == "/")
            client.cookie = signedInCookie
            #expect(try await client.get("/settings/weather").status == 303, "the old cookie is worthless")
            #expect(try await client.post("/settings/weather/city", form: [("csrf", token)] + city).status == 403)
        }
    }

    @Test("over HTTPS the session cookie is Secure, with the __Host- prefix")
    func secureCookieUnderTLS() async throws {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("web-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let certificates = try await MosquittoBrokerCertificates.make(in: directory)
        let tls = "\n  tls:\n    certificate: \(certificates.serverCertificateFile)\n    key: \(certificates.serverKeyFile)\n"
        try await Self.withHub(http: tls) { _, client in
            let url = "https" + client.baseURL.dropFirst("http".count) + "/sign-in"
            let answer = try await MosquittoBrokerCommand.run(
                "/usr/bin/curl", ["-sS", "--max-time", "60", "--cacert", certificates.caFile, "-D", "-", "-o", "/dev/null", url])
            let cookie = try #require(
                answer.standardOutput.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") }, "\(answer.standardError)")
            for attribute in ["__Host-weatherhub-session=", "Secure", "HttpOnly", "SameSite=Strict", "Path=/"] {
                #expect(cookie.contains(attribute), "\(cookie)")
            }
        }
    }

    @Test("ten wrong passwords from one address are slowed, and the right one waits too")
    func wrongPasswordsAreSlowed() async throws {
        try await Self.withHub { _, client in
            // One form, posted again and again: each try is one quick request, so the waits (1 s after the
            // fifth wrong password, then 2 s, 4 s …) are still running when the next try comes. The right
            // password comes first after the fifth wrong one, so one request, not five, must fit in its second.
            let token = try #require(try await client.get("/sign-in").csrfToken)
            let wrong = [("csrf", token), ("password", "not the password")]
            var statuses: [Int] = []
            for _ in 0..<5 {
                statuses.append(try await client.post("/sign-in", form: wrong).status)
            }
            let right = try await client.post("/sign-in", form: [("csrf", token), ("password", Self.password)])
            #expect(right.status == 429 && right.body.contains("Try again in"), "\(right.status)")
            for _ in 0..<5 {
                statuses.append(try await client.post("/sign-in", form: wrong).status)
            }
            #expect(statuses.prefix(5) == [401, 401, 401, 401, 401], "\(statuses)")
            // A machine slow enough to let one wait run out still refuses the rest.
            #expect(statuses.dropFirst(5).filter { $0 == 429 }.count >= 4, "\(statuses)")
        }
    }

    @Test("no open redirect: after sign-in only the hub's own pages")
    func noOpenRedirect() async throws {
        try await Self.withHub { _, client in
            for next in ["https://evil.example/", "//evil.example", "/settings/weather/../../x", "/settings/password"] {
                client.cookie = nil
                let page = try await client.get("/sign-in?next=" + (next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
                let answer = try await client.post(
                    "/sign-in", form: [("csrf", page.csrfToken ?? ""), ("password", Self.password), ("next", next)])
                #expect(answer.header("Location") == (next == "/settings/password" ? "/settings/password" : "/settings/weather"))
            }
        }
    }

    @Test("a city name with markup shows as text, and no page holds a secret")
    func escapingAndSecrets() async throws {
        try await Self.withHub { hub, client in
            let markup = "<img src=x onerror=alert(1)>"
            #expect(try hub.ctl(["city", "set", markup, "--no-verify"]).status == 0)
            var pages = [try await client.get("/sign-in")]
            let visitorID = try #require(client.cookie?.split(separator: "=").last.map(String.init))
            #expect(try await client.post("/sign-in", form: [("csrf", pages[0].csrfToken ?? ""), ("password", Self.password)]).status == 303)
            let sessionID = try #require(client.cookie?.split(separator: "=").last.map(String.init))
            for path in ["/", "/settings/weather", "/settings/password"] { pages.append(try await client.get(path)) }
            let token = try #require(pages[2].csrfToken)
            let refused = try await client.post("/settings/weather/city", form: [("csrf", token), ("name", markup)])
            #expect(refused.body.contains("No place named"))
            pages.append(refused)

            #expect(pages[2].body.contains("&lt;img src=x onerror=alert(1)&gt;"))
            let hash = try String(contentsOfFile: hub.stateDirectory + "/web-password", encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            for page in pages {
                #expect(!page.body.contains("<img src=x"), "markup from outside must be escaped")
                #expect(!page.body.contains(sessionID) && !page.body.contains(visitorID))
                #expect(!page.body.contains(Self.password) && !page.body.contains(hash))
                #expect(!page.body.contains(OpenWeatherMapTestServer.validKey))
                let policy = try #require(page.header("Content-Security-Policy"))
                #expect(policy.contains("default-src 'none'") && !policy.contains("script-src") && !policy.contains("unsafe"))
                #expect(!page.body.contains("<script"))
            }
            for secret in [sessionID, visitorID, Self.password, hash] { #expect(!hub.serviceLog.contains(secret)) }
        }
    }

    @Test("the OpenWeatherMap key is write-only: stored like weatherctl key set, never shown")
    func apiKeyIsWriteOnly() async throws {
        try await Self.withHub { hub, client in
            _ = try await client.signIn(password: Self.password)
            let page = try await client.get("/settings/weather")
            #expect(page.body.contains("A key is set (from the environment variable OPENWEATHERMAP_API_KEY)."))
            #expect(page.body.contains("A key saved here is used only once that one is removed."))
            let token = try #require(page.csrfToken)
            let key = "0123456789abcdef0123456789abcdef"
            let keyFile = hub.stateDirectory + "/shared/openweathermap-api-key"

            #expect(try await client.post("/settings/weather/key", form: [("key", key)]).status == 403)
            let refused = try await client.post("/settings/weather/key", form: [("csrf", token), ("key", "not a key")])
            #expect(refused.status == 422 && refused.body.contains("does not look like an OpenWeatherMap API key"))
            #expect(!refused.body.contains("not a key"))
            #expect(!FileManager.default.fileExists(atPath: keyFile))

            let saved = try await client.post("/settings/weather/key", form: [("csrf", token), ("key", key)])
            #expect(saved.status == 303)
            #expect(try String(contentsOfFile: keyFile, encoding: .utf8) == key + "\n")
            #expect(try FileManager.default.attributesOfItem(atPath: keyFile)[.posixPermissions] as? Int == 0o640)
            let after = try await client.get("/settings/weather")
            #expect(after.body.contains("Saved the key."))
            for secret in [key, OpenWeatherMapTestServer.validKey] {
                #expect(!after.body.contains(secret) && !hub.serviceLog.contains(secret))
            }
        }
    }
}
