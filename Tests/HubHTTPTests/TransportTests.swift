import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Glibc
import HubDisplays
import HubConfig
import HubHTTP
import HubSystem
import HubTestSupport
import InkWidgets
import Logging
import NIOPosix
import Testing

/// HTTPS from a certificate and key, a refusal that names the files, and clients that stall.
@Suite("Web side transport", .serialized)
struct TransportTests {
    static let mac = "AA:BB:CC:DD:EE:01"

    @Test("with tls: the device API answers over HTTPS with the configured certificate, and not over plain HTTP")
    func https() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let certificates = try await MosquittoBrokerCertificates.make(in: directory)
        let hub = try await LoopbackHub.start(
            displays: [LoopbackHub.profile("kitchen", devices: [DeviceID(Self.mac)!])],
            settings: HTTPSettings(
                address: "127.0.0.1", port: 0,
                tls: .init(certificate: certificates.serverCertificateFile, privateKey: certificates.serverKeyFile)))
        defer { Task { try await hub.stop() } }
        // curl runs off the cooperative pool: the server under test shares it.
        let secure = try await MosquittoBrokerCommand.run(
            "/usr/bin/curl", ["-sS", "--max-time", "60", "--cacert", certificates.caFile, "-H", "ID: \(Self.mac)", "https://127.0.0.1:\(hub.port)/api/setup"])
        #expect(secure.standardOutput.contains(#""status":200"#), "\(secure.standardError)")
        let plain = try? await MosquittoBrokerCommand.run(
            "/usr/bin/curl", ["-sS", "--max-time", "60", "-H", "ID: \(Self.mac)", "http://127.0.0.1:\(hub.port)/api/setup"])
        #expect(plain?.standardOutput.contains(#""status":200"#) != true)
    }

    @Test("every answer, a refusal too, carries the current Date (RFC 9110) and the server's name")
    func dateAndServerHeaders() async throws {
        let hub = try await LoopbackHub.start(displays: [LoopbackHub.profile("kitchen", devices: [DeviceID(Self.mac)!])])
        defer { Task { try await hub.stop() } }
        for path in ["/api/setup", "/displays/attic.png"] {
            let before = Int(Date().timeIntervalSince1970)
            let (_, response) = try await EmulatedTRMNL.get(hub.baseURL + path, headers: ["ID": Self.mac])
            let after = Int(Date().timeIntervalSince1970)
            let date = try #require(response.value(forHTTPHeaderField: "Date"))
            #expect((before...after).map { CivilTime.httpDate(secondsSince1970: $0) }.contains(date), "\(path): \(date)")
            #expect(response.value(forHTTPHeaderField: "Server") == "WeatherHub")
        }
    }

    @Test("a certificate that cannot be read stops the web side with a message naming the files")
    func unreadableCertificate() async throws {
        let server = try WebSideStartTests.server(
            HTTPSettings(address: "127.0.0.1", port: 0, tls: .init(certificate: "/nonexistent/cert.pem", privateKey: "/nonexistent/key.pem")))
        await #expect {
            try await server.run()
        } throws: { error in
            "\(error)".contains("/nonexistent/cert.pem") && "\(error)".contains("/nonexistent/key.pem")
        }
    }

    @Test("clients that connect and stall hold up neither other devices nor rendering")
    func stalledClients() async throws {
        let profile = LoopbackHub.profile("kitchen", devices: [DeviceID(Self.mac)!])
        let hub = try await LoopbackHub.start(displays: [profile])
        defer { Task { try await hub.stop() } }
        try await hub.settle()
        let stalled = try (0..<40).map { _ in
            let client = try KeepAliveClient(port: hub.port)
            try client.write("GET /api/display HTTP/1.1\r\nID: \(Self.mac)\r\n")
            return client
        }
        let device = EmulatedTRMNL(mac: Self.mac, baseURL: hub.baseURL)
        try await device.setup()
        #expect(try await device.wake().status == 0)
        hub.city.set("Paris")
        _ = try await hub.center.reloadAndWait(ofKind: nil, reason: .user)
        let after = try await device.wake()
        #expect(after.redrew && device.screen == LoopbackHub.expectedFrame("Hello Paris 0", on: profile))
        withExtendedLifetime(stalled) {}  // the stalled connections stay open until here
    }

    @Test("a burst of devices gives its freed heap back when it is over, and a quiet server trims no more")
    func heapTrimAfterBurst() async throws {
        let trims = CallCounter()
        let macs = (0..<20).map { String(format: "AA:BB:CC:DD:EF:%02X", $0) }
        let hub = try await LoopbackHub.start(
            displays: [LoopbackHub.profile("kitchen", devices: macs.compactMap(DeviceID.init))],
            heapTrim: QuietHeapTrim(quiet: .seconds(2)) { trims.record() })
        defer { Task { try await hub.stop() } }
        try await hub.settle()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for mac in macs {
                group.addTask {
                    let device = EmulatedTRMNL(mac: mac, baseURL: hub.baseURL)
                    try await device.setup()
                    _ = try await device.wake()
                }
            }
            try await group.waitForAll()
        }
        let burstEnd = ContinuousClock.now
        try await trims.wait(for: 1)
        let afterBurst = trims.value
        #expect(afterBurst >= 1 && afterBurst < macs.count, "a trim per burst, not per request")
        #expect(try #require(trims.lastCall) > burstEnd, "the trim waits for the burst to end")
        try await Task.sleep(for: .milliseconds(1500))
        #expect(trims.value == afterBurst, "a quiet server trims no more")
    }
}

@Suite("Web side start-up")
struct WebSideStartTests {
    /// `sharingPort`: the other listener set `SO_REUSEPORT`, as a second hub's would; the port must still
    /// be refused, not shared (shared, the server would serve on: the time limit makes that a failure).
    @Test("a port in use, even one another hub would share, stops the web side with a message that says what to do",
          .timeLimit(.minutes(1)), arguments: [false, true])
    func portInUse(sharingPort: Bool) async throws {
        let occupied = try StalledListener(sharingPort: sharingPort)
        let server = try Self.server(HTTPSettings(address: "127.0.0.1", port: occupied.port))
        await #expect {
            try await server.run()
        } throws: { error in
            "\(error)" == "the web side cannot listen on 127.0.0.1:\(occupied.port): another program uses the port; stop it or set another `http.port`"
        }
        occupied.close()
    }

    @Test("each event loop listens on the one port, and every listener is closed at shutdown")
    func listenerPerLoop() async throws {
        let hub = try await LoopbackHub.start(displays: [LoopbackHub.profile("kitchen")])
        let loops = Array(MultiThreadedEventLoopGroup.singleton.makeIterator()).count
        let listeners = try Self.loopbackListeners(port: hub.port)
        #expect(listeners.count == loops && listeners.isSubset(of: Self.openSockets()))
        let (_, answer) = try await EmulatedTRMNL.get(hub.baseURL + "/api/setup", headers: ["ID": "not-a-mac"])
        #expect(answer.statusCode == 200)
        try await hub.stop()
        // This process's descriptors, not the kernel's table: programs other tests start meanwhile inherit
        // sockets (SwiftNIO opens them without close-on-exec) and keep them listening.
        #expect(Self.openSockets().isDisjoint(with: listeners))
    }

    /// The inodes of the sockets listening on 127.0.0.1:`port`, from the kernel's table.
    static func loopbackListeners(port: Int) throws -> Set<String> {
        let local = "0100007F:" + String(format: "%04X", port)
        return Set(try ProcFile.text("/proc/net/tcp").split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            return fields.count > 9 && fields[1] == local && fields[3] == "0A" ? String(fields[9]) : nil  // 0A: LISTEN
        })
    }

    /// The inodes of the sockets this process holds open.
    static func openSockets() -> Set<String> {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return Set(descriptors.compactMap { descriptor in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor)).flatMap { target in
                target.hasPrefix("socket:[") ? String(target.dropFirst(8).dropLast()) : nil
            }
        })
    }

    /// A web side serving no display.
    static func server(_ settings: HTTPSettings) throws -> HubHTTPServer {
        HubHTTPServer(
            settings: settings,
            parts: HubHTTPServer.Parts(
                displays: [], registry: try DeviceRegistry(path: NSTemporaryDirectory() + "/registry-\(UUID().uuidString).json", displays: []),
                logs: DeviceLogStore(directory: NSTemporaryDirectory()),
                statusPage: { StatusPageModel(title: "", panel: nil, sections: []) }),
            logger: Logger(label: "test"))
    }
}

/// A listening TCP socket on a free loopback port that never accepts; with `sharingPort`, one that lets
/// other sockets of the same user listen on its port too (`SO_REUSEPORT`), as a second hub would.
final class StalledListener: Sendable {
    let descriptor: Int32
    let port: Int

    init(sharingPort: Bool = false) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var enabled: Int32 = 1
        if sharingPort { setsockopt(descriptor, SOL_SOCKET, SO_REUSEPORT, &enabled, socklen_t(MemoryLayout<Int32>.size)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 1) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw EmulatedTRMNL.DeviceError(message: "listen failed: errno \(errno)") }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() {
        Glibc.close(descriptor)
    }
}
