import Foundation
import HubTestSupport
import Testing
import WeatherInfoKit

/// The real transport (AsyncHTTPClient) against a real HTTP server on loopback.
@Suite("HTTP transport", .timeLimit(.minutes(1)))
struct HTTPClientTransportTests {
    /// Limits only a hung test reaches (a full suite on two cores can hold a loopback answer for seconds);
    /// the timeout tests set their own.
    private let loopback = HTTPClientTransport.Configuration(
        connectTimeout: .seconds(120), totalTimeout: .seconds(120), allowsPlainHTTP: true)

    @Test("returns the status, headers and body of a complete response")
    func completeResponse() async throws {
        let answer = HTTPTestServer.Response.json(#"{"ok":true}"#, headers: [.init(name: "X-Test", value: "yes")])
        try await HTTPTestServer.withRunningServer(handler: { _ in answer }) { server in
            let response = try await HTTPClientTransport(configuration: loopback).send(HTTPRequest(url: server.baseURL + "/hello?x=1"))
            #expect(response.status == 200)
            #expect(response.value(forHeader: "x-test") == "yes")
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
            #expect(server.requests.map(\.target) == ["/hello?x=1"])
        }
    }

    @Test("hands error statuses over as responses")
    func errorStatus() async throws {
        try await HTTPTestServer.withRunningServer(handler: { _ in .json("oops", status: 503) }) { server in
            let response = try await HTTPClientTransport(configuration: loopback).send(HTTPRequest(url: server.baseURL + "/"))
            #expect(response.status == 503)
            #expect(response.body == Array("oops".utf8))
        }
    }

    @Test("sends the request's headers and a user agent")
    func requestHeaders() async throws {
        try await HTTPTestServer.withRunningServer(handler: { _ in .json("{}") }) { server in
            _ = try await HTTPClientTransport(configuration: loopback)
                .send(HTTPRequest(url: server.baseURL + "/", headers: [HTTPHeader(name: "Accept", value: "application/json")]))
            let headers = try #require(server.requests.first).headers
            #expect(headers.contains { $0.name.lowercased() == "accept" && $0.value == "application/json" })
            #expect(headers.contains { $0.name.lowercased() == "user-agent" && $0.value.hasPrefix("WeatherHub") })
        }
    }

    @Test("times out on a server that waits before its headers, trickles its body, or never answers", arguments: [
        HTTPTestServer.Delivery.afterDelay(.seconds(30)), .trickle(chunkSize: 1, interval: .milliseconds(50)), .never,
    ])
    func timeouts(_ delivery: HTTPTestServer.Delivery) async throws {
        let body = String(repeating: "x", count: 2000)
        try await HTTPTestServer.withRunningServer(handler: { _ in .json(body, delivery: delivery) }) { server in
            var configuration = loopback
            configuration.totalTimeout = .milliseconds(400)
            await #expect(throws: TransportError.timedOut) {
                try await HTTPClientTransport(configuration: configuration).send(HTTPRequest(url: server.baseURL + "/"))
            }
        }
    }

    @Test("receives a slow trickle completely when it ends in time")
    func trickleInTime() async throws {
        try await HTTPTestServer.withRunningServer(handler: { _ in .json("0123456789", delivery: .trickle(chunkSize: 3, interval: .milliseconds(10))) }) { server in
            let response = try await HTTPClientTransport(configuration: loopback).send(HTTPRequest(url: server.baseURL + "/"))
            #expect(String(decoding: response.body, as: UTF8.self) == "0123456789")
        }
    }

    @Test("reports a body cut off before its Content-Length")
    func cutOff() async throws {
        let body = String(repeating: "y", count: 5000)
        try await HTTPTestServer.withRunningServer(handler: { _ in .json(body, delivery: .cutOff(afterBodyBytes: 100)) }) { server in
            await #expect(throws: TransportError.cutOff) {
                try await HTTPClientTransport(configuration: loopback).send(HTTPRequest(url: server.baseURL + "/"))
            }
        }
    }

    @Test("reports a refused connection with the host")
    func refused() async throws {
        let down = try RefusingPort()
        let url = down.baseURL + "/"
        await #expect(throws: TransportError.connectionRefused(host: "127.0.0.1")) {
            try await HTTPClientTransport(configuration: loopback).send(HTTPRequest(url: url))
        }
    }

    @Test("reports a host name that does not resolve")
    func unresolvable() async throws {
        // A label longer than 63 characters fails in the local resolver: no DNS packet leaves the machine.
        let host = String(repeating: "a", count: 70) + ".invalid"
        await #expect(throws: TransportError.hostNotFound(host: host)) {
            try await HTTPClientTransport(configuration: loopback).send(HTTPRequest(url: "http://\(host)/data"))
        }
    }

    @Test("refuses plain HTTP unless it is allowed")
    func plainHTTPRefused() async throws {
        try await HTTPTestServer.withRunningServer(handler: { _ in .json("{}") }) { server in
            await #expect(throws: TransportError.schemeNotAllowed(url: server.baseURL)) {
                try await HTTPClientTransport().send(HTTPRequest(url: server.baseURL + "/secret?appid=k"))
            }
            #expect(server.requests.isEmpty)
        }
    }

    @Test("reports a TLS failure in BoringSSL's words when the peer does not speak TLS")
    func tlsFailure() async throws {
        try await HTTPTestServer.withRunningServer(handler: { _ in .json("{}") }) { server in
            await #expect(throws: TransportError.tls(detail: "wrong version number")) {
                try await HTTPClientTransport(configuration: loopback).send(HTTPRequest(url: "https://127.0.0.1:\(server.port)/"))
            }
        }
    }

    @Test("a server that ends the connection during the handshake is a TLS failure in SwiftNIO's words; one that resets it, a connection cut off",
        arguments: [
            (HangingUpServer.Manner.closing, TransportError.tls(detail: "EOF during handshake")), (.resetting, .cutOff),
        ])
    func hangUpDuringHandshake(manner: HangingUpServer.Manner, expected: TransportError) async throws {
        try await HangingUpServer.start(manner).run { server in
            await #expect(throws: expected) {
                try await HTTPClientTransport(configuration: loopback).send(HTTPRequest(url: "https://127.0.0.1:\(server.port)/"))
            }
        }
    }

    @Test("refuses a server whose certificate no CA of this machine signed, directly and through a proxy, before sending anything")
    func untrustedCertificate() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("untrusted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let certificates = try await MosquittoBrokerCertificates.make(in: directory)
        let proxy = try ConnectProxy()
        defer { proxy.stop() }
        let server = try await HTTPTestServer.start(
            handler: { _ in .json("{}") }, certificate: (certificates.serverCertificateFile, certificates.serverKeyFile))
        try await server.run { server in
            let refused = TransportError.tls(detail: "certificate verify failed")
            await #expect(throws: refused) {
                try await HTTPClientTransport(configuration: loopback).send(HTTPRequest(url: server.baseURL + "/direct"))
            }
            // Through the tunnel the proxy opens, the certificate checked is still the server's.
            let viaProxy = HTTPClientTransport(configuration: loopback, environment: ["https_proxy": "http://127.0.0.1:\(proxy.port)"])
            await #expect(throws: refused) {
                try await viaProxy.send(HTTPRequest(url: server.baseURL + "/through"))
            }
            #expect(proxy.tunnels.map(\.target) == ["127.0.0.1:\(server.port)"])
            #expect(server.requests.isEmpty)
        }
    }

    @Test("stops at the size limit, with or without a Content-Length", arguments: [false, true])
    func sizeLimit(chunked: Bool) async throws {
        let body = String(repeating: "z", count: 50_000)
        let headers = chunked ? [HTTPTestServer.Header(name: "Transfer-Encoding", value: "chunked")] : []
        try await expectTooLarge(.json(body, headers: headers))
    }

    /// `answer` is refused as larger than a 10,000-byte limit.
    private func expectTooLarge(_ answer: HTTPTestServer.Response) async throws {
        try await HTTPTestServer.withRunningServer(handler: { _ in answer }) { server in
            var configuration = loopback
            configuration.maximumBodySize = 10_000
            await #expect(throws: TransportError.tooLarge(limit: 10_000)) {
                try await HTTPClientTransport(configuration: configuration).send(HTTPRequest(url: server.baseURL + "/"))
            }
        }
    }

    @Test("aborts the transfer when its task is cancelled")
    func cancellation() async throws {
        try await HTTPTestServer.withRunningServer(handler: { _ in .json("{}", delivery: .never) }) { server in
            var configuration = loopback
            configuration.totalTimeout = .seconds(120)
            let transfer = Task {
                try await HTTPClientTransport(configuration: configuration).send(HTTPRequest(url: server.baseURL + "/"))
            }
            await server.waitForRequests(count: 1)
            transfer.cancel()
            await #expect(throws: TransportError.cancelled) { try await transfer.value }
        }
    }

    @Test("asks for compression and hands over the decompressed body")
    func gzipBody() async throws {
        // gzip of {"ok":true,"text":"xxx…"} with 200 x.
        let compressed: [UInt8] = [
            0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0xff, 0xab, 0x56, 0xca, 0xcf, 0x56, 0xb2, 0x2a, 0x29, 0x2a, 0x4d,
            0xd5, 0x51, 0x2a, 0x49, 0xad, 0x28, 0x51, 0xb2, 0x52, 0xaa, 0x18, 0x26, 0x40, 0xa9, 0x16, 0x00, 0x76, 0x8a, 0xa4, 0xbc,
            0xdd, 0x00, 0x00, 0x00,
        ]
        let answer = HTTPTestServer.Response(
            headers: [.init(name: "Content-Type", value: "application/json"), .init(name: "Content-Encoding", value: "gzip")],
            body: compressed)
        try await HTTPTestServer.withRunningServer(handler: { _ in answer }) { server in
            let response = try await HTTPClientTransport(configuration: loopback).send(HTTPRequest(url: server.baseURL + "/"))
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true,"text":""# + String(repeating: "x", count: 200) + #""}"#)
            let accepted = try #require(server.requests.first).headers.first { $0.name.lowercased() == "accept-encoding" }?.value
            #expect(accepted?.contains("gzip") == true)
        }
    }

    @Test("stops a compressed body that inflates past the size limit")
    func compressedSizeLimit() async throws {
        // gzip of 50,000 × "0": 84 bytes.
        let head: [UInt8] = [
            0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0xff, 0xed, 0xc1, 0x01, 0x0d, 0x00, 0x00, 0x00, 0xc2, 0xa0, 0x4a,
            0xef, 0x9f, 0xce, 0x1e, 0x0e, 0x28,
        ]
        let tail: [UInt8] = [0x9e, 0x0c, 0x7c, 0x09, 0xbd, 0xe1, 0x50, 0xc3, 0x00, 0x00]
        try await expectTooLarge(HTTPTestServer.Response(
            headers: [.init(name: "Content-Encoding", value: "gzip")], body: head + [UInt8](repeating: 0, count: 48) + tail))
    }

    @Test("goes through the proxy http_proxy names, with its credentials; no_proxy hosts go direct")
    func proxy() async throws {
        let proxy = try ConnectProxy()
        defer { proxy.stop() }
        try await HTTPTestServer.withRunningServer(handler: { _ in .json("{}") }) { server in
            let variable = "http://hub:s%40cret@127.0.0.1:\(proxy.port)"
            let through = HTTPClientTransport(configuration: loopback, environment: ["http_proxy": variable])
            #expect(try await through.send(HTTPRequest(url: server.baseURL + "/through")).status == 200)
            let tunnel = try #require(proxy.tunnels.first)
            #expect(tunnel.target == String(server.baseURL.dropFirst("http://".count)))
            #expect(tunnel.authorization == "Basic " + Data("hub:s@cret".utf8).base64EncodedString())

            let direct = HTTPClientTransport(configuration: loopback, environment: ["http_proxy": variable, "no_proxy": "localhost, 127.0.0.1"])
            #expect(try await direct.send(HTTPRequest(url: server.baseURL + "/direct")).status == 200)
            #expect(proxy.tunnels.count == 1)
            #expect(server.requests.map(\.target) == ["/through", "/direct"])
        }
    }

    @Test("a proxy variable that names no usable proxy is an error naming it and the proxy, never its password", arguments: [
        ("HTTPS_PROXY", "ftp://127.0.0.1:21", "ftp://127.0.0.1:21"), ("HTTPS_PROXY", "http://127.0.0.1:99999", "http://127.0.0.1:99999"),
        ("HTTPS_PROXY", "http://:8080", "http://:8080"), ("all_proxy", "ftp://hub:s3cret@proxy.lan:21", "ftp://proxy.lan:21"),
        ("all_proxy", "socks5://hub:s3cret@proxy.lan:1080", "socks5://proxy.lan:1080"),
        ("all_proxy", "http://hub:s3cret@proxy.lan:99999", "http://proxy.lan:99999"),
    ])
    func unusableProxy(variable: String, value: String, shown: String) async throws {
        let transport = HTTPClientTransport(configuration: loopback, environment: [variable: value])
        await #expect {
            try await transport.send(HTTPRequest(url: "https://api.openweathermap.org/data/2.5/weather"))
        } throws: { error in
            guard case .failed(let detail) = error as? TransportError else { return false }
            return detail.hasPrefix(variable) && detail.contains(shown) && !detail.contains("s3cret")
        }
    }

    @Test("a proxy that cannot be reached is reported with its own host")
    func unreachableProxy() async throws {
        let closed = try MosquittoBroker.freePort()
        let transport = HTTPClientTransport(configuration: loopback, environment: ["https_proxy": "http://127.0.0.2:\(closed)"])
        await #expect(throws: TransportError.connectionRefused(host: "127.0.0.2")) {
            try await transport.send(HTTPRequest(url: "https://api.openweathermap.org/data/2.5/weather"))
        }
    }
}
