import Foundation
import HubTestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HubDisplays
import HubConfig
import HubHTTP
import InkUI
import Testing

/// Wrong and missing keys, unknown devices, bad tokens, oversized and malformed requests: each gets the
/// answer the firmware expects or a clear error, and nothing is created.
@Suite("Bad requests to the web side", .serialized)
struct BadRequestTests {
    static let mac = "AA:BB:CC:DD:EE:01"

    static func withHub(statusPage: Bool = true, _ body: (LoopbackHub) async throws -> Void) async throws {
        let hub = try await LoopbackHub.start(
            displays: [LoopbackHub.profile("kitchen", devices: [DeviceID(mac)!]), LoopbackHub.profile("hall", kind: .image)],
            settings: HTTPSettings(address: "127.0.0.1", port: 0, statusPage: statusPage))
        try await hub.settle()
        do {
            try await body(hub)
        } catch {
            try await hub.stop()
            throw error
        }
        try await hub.stop()
    }

    @Test("unknown devices are told they are not registered, wait for approval, and get nothing else")
    func unknownDevice() async throws {
        try await Self.withHub { hub in
            let stranger = EmulatedTRMNL(mac: "AA:BB:CC:DD:EE:99", baseURL: hub.baseURL)
            let setup = try await stranger.setup()
            #expect(setup.status == 404 && setup.message.contains("weatherctl displays approve AA:BB:CC:DD:EE:99"))
            #expect(stranger.apiKey == nil)
            #expect(hub.registry.pendingDevices().map(\.device.mac) == ["AA:BB:CC:DD:EE:99"])
            let (_, display) = try await EmulatedTRMNL.get(hub.baseURL + "/api/display", headers: ["ID": "AA:BB:CC:DD:EE:99", "Access-Token": "guess"])
            #expect(display.statusCode == 404)
            let (_, malformed) = try await EmulatedTRMNL.get(hub.baseURL + "/api/setup", headers: ["ID": "not-a-mac"])
            #expect(malformed.statusCode == 200)
            #expect(hub.registry.registrations().isEmpty)
        }
    }

    @Test("a wrong or missing key gets the firmware's 404 and never a reset")
    func wrongKeys() async throws {
        try await Self.withHub { hub in
            let device = EmulatedTRMNL(mac: Self.mac, baseURL: hub.baseURL)
            try await device.setup()
            for token in ["", "0123456789abcdef0123456789abcdef", String(device.apiKey!.dropLast())] {
                let (body, response) = try await EmulatedTRMNL.get(hub.baseURL + "/api/display", headers: ["ID": Self.mac, "Access-Token": token])
                #expect(response.statusCode == 404)
                let text = String(decoding: body, as: UTF8.self)
                #expect(!text.contains("reset_firmware\":true") && !text.contains("\"status\":500"))
            }
            let (_, noID) = try await EmulatedTRMNL.get(hub.baseURL + "/api/display", headers: ["Access-Token": "nothing"])
            #expect(noID.statusCode == 404)
            let (_, log) = try await EmulatedTRMNL.send("POST", hub.baseURL + "/api/log", headers: ["ID": Self.mac, "Access-Token": "x"], body: Data("{}".utf8))
            #expect(log.statusCode == 404)
            #expect(hub.logs.lastLines(of: DeviceID(Self.mac)!, count: 5).isEmpty)
        }
    }

    @Test("images need the display's token; an unchanged image costs a 304")
    func imageTokens() async throws {
        try await Self.withHub { hub in
            let token = try hub.registry.imageToken(of: "hall")
            let kitchenToken = try hub.registry.imageToken(of: "kitchen")
            for url in ["/displays/hall.png", "/displays/hall.png?token=wrong", "/displays/hall.png?token=\(kitchenToken)", "/displays/attic.png?token=\(token)", "/displays/hall.gif?token=\(token)"] {
                let (_, response) = try await EmulatedTRMNL.get(hub.baseURL + url, headers: [:])
                #expect(response.statusCode == 404, "\(url)")
            }
            let (png, ok) = try await EmulatedTRMNL.get(hub.baseURL + "/displays/hall.png?token=\(token)", headers: [:])
            #expect(ok.statusCode == 200 && ok.value(forHTTPHeaderField: "Content-Type") == "image/png")
            let etag = try #require(ok.value(forHTTPHeaderField: "ETag"))
            #expect(try EmulatedTRMNL.decode(png, contentType: "image/png") == (try hub.servedFrame(1)))
            let (_, byHeader) = try await EmulatedTRMNL.get(hub.baseURL + "/displays/hall.bmp", headers: ["Access-Token": token])
            #expect(byHeader.statusCode == 200 && byHeader.value(forHTTPHeaderField: "Content-Type") == "image/bmp")
            let (empty, notModified) = try await EmulatedTRMNL.get(hub.baseURL + "/displays/hall.png?token=\(token)", headers: ["If-None-Match": etag])
            #expect(notModified.statusCode == 304 && empty.isEmpty)
        }
    }

    @Test("the status page shows every frame without a token; turned off, only the tokens open them")
    func statusPageOff() async throws {
        try await Self.withHub { hub in
            let (_, frame) = try await EmulatedTRMNL.get(hub.baseURL + "/status/displays/hall.png", headers: [:])
            #expect(frame.statusCode == 200)
        }
        try await Self.withHub(statusPage: false) { hub in
            for path in ["/", "/status/panel.png", "/status/displays/hall.png", "/status/displays/kitchen.png"] {
                #expect(try await EmulatedTRMNL.get(hub.baseURL + path, headers: [:]).1.statusCode == 404, "\(path)")
            }
            let token = try hub.registry.imageToken(of: "hall")
            #expect(try await EmulatedTRMNL.get(hub.baseURL + "/displays/hall.png?token=\(token)", headers: [:]).1.statusCode == 200)
        }
    }

    @Test("oversized bodies and headers, malformed JSON and floods get clear refusals; the server keeps serving")
    func oversized() async throws {
        try await Self.withHub { hub in
            let device = EmulatedTRMNL(mac: Self.mac, baseURL: hub.baseURL)
            try await device.setup()
            let headers = ["ID": Self.mac, "Access-Token": device.apiKey!, "Content-Type": "application/json"]
            let big = Data(repeating: 0x61, count: DeviceLogStore.bodyLimit + 1)
            let (_, tooLarge) = try await EmulatedTRMNL.send("POST", hub.baseURL + "/api/log", headers: headers, body: big)
            #expect(tooLarge.statusCode == 413)
            let (_, malformed) = try await EmulatedTRMNL.send("POST", hub.baseURL + "/api/log", headers: headers, body: Data("{\"logs\": [".utf8))
            #expect(malformed.statusCode == 200)
            #expect(hub.logs.lastLines(of: DeviceID(Self.mac)!, count: 5) .count == 1)

            let (_, hugeHeader) = try await EmulatedTRMNL.get(hub.baseURL + "/api/display", headers: ["ID": Self.mac, "X-Padding": String(repeating: "p", count: 20_000)])
            #expect(hugeHeader.statusCode == 431 || hugeHeader.statusCode == 400, "\(hugeHeader.statusCode)")

            var statuses: [Int] = []
            for _ in 0..<40 {
                statuses.append(try await EmulatedTRMNL.get(hub.baseURL + "/api/display", headers: ["ID": "AA:BB:CC:DD:EE:77", "Access-Token": "x"]).1.statusCode)
            }
            #expect(statuses.contains(429))
            var sprayed: [Int] = []
            for index in 0..<40 {
                sprayed.append(try await EmulatedTRMNL.get(hub.baseURL + "/api/display", headers: ["ID": "not-a-mac-\(index)"]).1.statusCode)
            }
            #expect(sprayed.contains(429), "IDs that are no MAC address count against the sender's address")
            #expect(try await device.wake().status == 0)

            // A stranger at another address sending the device's own MAC spends a budget of its own.
            let requests = (0..<40).flatMap { _ in ["-o", "/dev/null", "http://127.0.0.1:\(hub.port)/api/display"] }
            let flood = try await MosquittoBrokerCommand.run(
                "/usr/bin/curl", ["-sS", "--max-time", "60", "--interface", "127.0.0.2", "-H", "ID: \(Self.mac)", "-w", "%{http_code}\n"] + requests)
            #expect(flood.standardOutput.contains("429"), "\(flood.standardError)")
            for _ in 0..<5 {
                #expect(try await device.wake().status == 0)
            }
        }
    }
}
