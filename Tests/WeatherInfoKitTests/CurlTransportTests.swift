import HubTestSupport
import Testing
import WeatherInfoKit

/// The real libcurl transport against a real HTTP server on loopback.
@Suite("libcurl transport")
struct CurlTransportTests {
    private let loopback = CurlTransport.Configuration(
        connectTimeout: .seconds(5), totalTimeout: .seconds(20), allowsPlainHTTP: true)

    @Test("returns the status, headers and body of a complete response")
    func completeResponse() async throws {
        let answer = HTTPTestServer.Response.json(#"{"ok":true}"#, headers: [.init(name: "X-Test", value: "yes")])
        try await HTTPTestServer.withRunningServer(handler: { _ in answer }) { server in
            let response = try await CurlTransport(configuration: loopback).send(HTTPRequest(url: server.baseURL + "/hello?x=1"))
            #expect(response.status == 200)
            #expect(response.value(forHeader: "x-test") == "yes")
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
            #expect(server.requests.map(\.target) == ["/hello?x=1"])
        }
    }

    @Test("hands error statuses over as responses")
    func errorStatus() async throws {
        try await HTTPTestServer.withRunningServer(handler: { _ in .json("oops", status: 503) }) { server in
            let response = try await CurlTransport(configuration: loopback).send(HTTPRequest(url: server.baseURL + "/"))
            #expect(response.status == 503)
            #expect(response.body == Array("oops".utf8))
        }
    }

    @Test("sends the request's headers and a user agent")
    func requestHeaders() async throws {
        try await HTTPTestServer.withRunningServer(handler: { _ in .json("{}") }) { server in
            _ = try await CurlTransport(configuration: loopback)
                .send(HTTPRequest(url: server.baseURL + "/", headers: [HTTPHeader(name: "Accept", value: "application/json")]))
            let headers = try #require(server.requests.first).headers
            #expect(headers.contains { $0.name.lowercased() == "accept" && $0.value == "application/json" })
            #expect(headers.contains { $0.name.lowercased() == "user-agent" && $0.value.hasPrefix("WeatherHub") })
        }
    }

    @Test("times out when the server waits before its headers")
    func slowHeaders() async throws {
        try await HTTPTestServer.withRunningServer(handler: { _ in .json("{}", delivery: .afterDelay(.seconds(30))) }) { server in
            var configuration = loopback
            configuration.totalTimeout = .milliseconds(300)
            await #expect(throws: TransportError.timedOut) {
                try await CurlTransport(configuration: configuration).send(HTTPRequest(url: server.baseURL + "/"))
            }
        }
    }

    @Test("times out on a body that trickles in")
    func trickle() async throws {
        let body = String(repeating: "x", count: 2000)
        try await HTTPTestServer.withRunningServer(handler: { _ in .json(body, delivery: .trickle(chunkSize: 1, interval: .milliseconds(50))) }) { server in
            var configuration = loopback
            configuration.totalTimeout = .milliseconds(400)
            await #expect(throws: TransportError.timedOut) {
                try await CurlTransport(configuration: configuration).send(HTTPRequest(url: server.baseURL + "/"))
            }
        }
    }

    @Test("receives a slow trickle completely when it ends in time")
    func trickleInTime() async throws {
        try await HTTPTestServer.withRunningServer(handler: { _ in .json("0123456789", delivery: .trickle(chunkSize: 3, interval: .milliseconds(10))) }) { server in
            let response = try await CurlTransport(configuration: loopback).send(HTTPRequest(url: server.baseURL + "/"))
            #expect(String(decoding: response.body, as: UTF8.self) == "0123456789")
        }
    }

    @Test("reports a server that never answers as a timeout")
    func noAnswer() async throws {
        try await HTTPTestServer.withRunningServer(handler: { _ in .json("{}", delivery: .never) }) { server in
            var configuration = loopback
            configuration.totalTimeout = .milliseconds(300)
            await #expect(throws: TransportError.timedOut) {
                try await CurlTransport(configuration: configuration).send(HTTPRequest(url: server.baseURL + "/"))
            }
        }
    }

    @Test("reports a body cut off before its Content-Length")
    func cutOff() async throws {
        let body = String(repeating: "y", count: 5000)
        try await HTTPTestServer.withRunningServer(handler: { _ in .json(body, delivery: .cutOff(afterBodyBytes: 100)) }) { server in
            await #expect(throws: TransportError.cutOff) {
                try await CurlTransport(configuration: loopback).send(HTTPRequest(url: server.baseURL + "/"))
            }
        }
    }

    @Test("reports a refused connection with the host")
    func refused() async throws {
        let down = try RefusingPort()
        let url = down.baseURL + "/"
        await #expect(throws: TransportError.connectionRefused(host: "127.0.0.1")) {
            try await CurlTransport(configuration: loopback).send(HTTPRequest(url: url))
        }
    }

    @Test("reports a host name that does not resolve")
    func unresolvable() async throws {
        // A label longer than 63 characters fails in the local resolver: no DNS packet leaves the machine.
        let host = String(repeating: "a", count: 70) + ".invalid"
        await #expect(throws: TransportError.hostNotFound(host: host)) {
            try await CurlTransport(configuration: loopback).send(HTTPRequest(url: "http://\(host)/data"))
        }
    }

    @Test("refuses plain HTTP unless it is allowed")
    func plainHTTPRefused() async throws {
        try await HTTPTestServer.withRunningServer(handler: { _ in .json("{}") }) { server in
            await #expect(throws: TransportError.schemeNotAllowed(url: server.baseURL)) {
                try await CurlTransport().send(HTTPRequest(url: server.baseURL + "/secret?appid=k"))
            }
            #expect(server.requests.isEmpty)
        }
    }

    @Test("reports a TLS failure when the peer does not speak TLS")
    func tlsFailure() async throws {
        try await HTTPTestServer.withRunningServer(handler: { _ in .json("{}") }) { server in
            let url = "https://127.0.0.1:\(server.port)/"
            await #expect {
                try await CurlTransport(configuration: loopback).send(HTTPRequest(url: url))
            } throws: { error in
                guard case .tls(let detail) = error as? TransportError else { return false }
                return !detail.isEmpty
            }
        }
    }

    @Test("stops at the size limit, with or without a Content-Length", arguments: [false, true])
    func sizeLimit(chunked: Bool) async throws {
        let body = String(repeating: "z", count: 50_000)
        let headers = chunked ? [HTTPTestServer.Header(name: "Transfer-Encoding", value: "chunked")] : []
        try await HTTPTestServer.withRunningServer(handler: { _ in .json(body, headers: headers) }) { server in
            var configuration = loopback
            configuration.maximumBodySize = 10_000
            await #expect(throws: TransportError.tooLarge(limit: 10_000)) {
                try await CurlTransport(configuration: configuration).send(HTTPRequest(url: server.baseURL + "/"))
            }
        }
    }

    @Test("aborts the transfer when its task is cancelled")
    func cancellation() async throws {
        try await HTTPTestServer.withRunningServer(handler: { _ in .json("{}", delivery: .never) }) { server in
            var configuration = loopback
            configuration.totalTimeout = .seconds(120)
            let transfer = Task {
                try await CurlTransport(configuration: configuration).send(HTTPRequest(url: server.baseURL + "/"))
            }
            await server.waitForRequests(count: 1)
            transfer.cancel()
            await #expect(throws: TransportError.cancelled) { try await transfer.value }
        }
    }
}
