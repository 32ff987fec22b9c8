import AsyncHTTPClient
import Testing
@testable import WeatherInfoKit

/// Which proxy a request takes, from the variables curl reads.
@Suite("Proxy variables")
struct ProxyRulesTests {
    private func proxy(for url: String, _ environment: [String: String]) throws -> HTTPClient.Configuration.Proxy? {
        try ProxyRules(environment: environment).proxy(for: RequestURL(url))
    }

    @Test("HTTPS takes https_proxy (or HTTPS_PROXY, then all_proxy); plain HTTP takes http_proxy; none means direct")
    func variablePerScheme() throws {
        let environment = ["https_proxy": "http://secure.lan:3128", "http_proxy": "plain.lan:8080", "all_proxy": "socks5://any.lan:1080"]
        #expect(try proxy(for: "https://api.openweathermap.org/x", environment) == .server(host: "secure.lan", port: 3128))
        #expect(try proxy(for: "http://127.0.0.1:8080/x", environment) == .server(host: "plain.lan", port: 8080))
        #expect(try proxy(for: "https://a.example/x", ["HTTPS_PROXY": "upper.lan"]) == .server(host: "upper.lan", port: 1080))
        #expect(try proxy(for: "https://a.example/x", ["all_proxy": "socks5://any.lan:1080"]) == .socksServer(host: "any.lan", port: 1080))
        #expect(try proxy(for: "https://a.example/x", ["https_proxy": "http://[fd00::1]:3128"]) == .server(host: "fd00::1", port: 3128))
        #expect(try proxy(for: "https://a.example/x", [:]) == nil)
        #expect(try proxy(for: "https://a.example/x", ["https_proxy": "  "]) == nil)
    }

    @Test("no_proxy: exact hosts, domains with or without a leading dot, and * go direct")
    func exceptions() throws {
        let environment = ["https_proxy": "proxy.lan:3128", "no_proxy": " localhost, .internal.lan,example.org "]
        #expect(try proxy(for: "https://example.org/x", environment) == nil)
        #expect(try proxy(for: "https://api.example.org/x", environment) == nil)
        #expect(try proxy(for: "https://weather.internal.lan/x", environment) == nil)
        #expect(try proxy(for: "https://notexample.org/x", environment) != nil)
        #expect(try proxy(for: "https://api.openweathermap.org/x", ["https_proxy": "proxy.lan:3128", "NO_PROXY": "*"]) == nil)
        #expect(try proxy(for: "http://[::1]:8080/x", ["http_proxy": "proxy.lan:3128", "no_proxy": "::1"]) == nil)
        #expect(try proxy(for: "http://[::1]:8080/x", ["http_proxy": "proxy.lan:3128", "no_proxy": "[::1]"]) == nil)
        #expect(try proxy(for: "http://127.0.0.1:8080/x", ["http_proxy": "proxy.lan:3128", "no_proxy": "127.0.0.1"]) == nil)
    }

    @Test("the host of a request URL, for messages and no_proxy, never its path or credentials")
    func requestURL() {
        let url = RequestURL("HTTPS://user:pw@api.openweathermap.org:443/data/2.5/weather?appid=secret")
        #expect(url.scheme == "https" && url.host == "api.openweathermap.org")
        #expect(url.origin == "HTTPS://api.openweathermap.org:443" && url.port == "443" && url.credentials == "user:pw")
        let ipv6 = RequestURL("http://[::1]:8080/x")
        #expect(ipv6.host == "[::1]" && ipv6.bareHost == "::1" && ipv6.port == "8080")
    }
}
