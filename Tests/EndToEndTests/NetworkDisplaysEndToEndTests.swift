import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HubTestSupport
import InkUI
import Testing

/// The service with the wired panel and two networked displays, OpenWeatherMap on loopback, an emulated
/// TRMNL device and `weatherctl displays`: one weather fetch serves every screen, a city change reaches
/// the device at its next wake-up, and no key or token leaks into status.
@Suite("Networked displays end to end", .serialized)
struct NetworkDisplaysEndToEndTests {
    static let kitchen = "AA:BB:CC:DD:EE:01"

    static func configuration(weather: String, port: Int, moreDisplays: String = "") -> String {
        LoopbackWeather.configuration(baseURL: weather) + """

            displays:
              - id: kitchen
                kind: trmnl
                devices: ["\(kitchen)"]
                layout:
                  - kind: weather
                    family: extraLarge
              - id: hall
                kind: image
                width: 480
                height: 800
                depth: 2
                layout:
                  - kind: weather
                    family: large
            \(moreDisplays)http:
              address: 127.0.0.1
              port: \(port)
            """
    }

    static func frame(ofPNG path: String) throws -> Frame {
        try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test("one fetch serves the panel and both displays; the device draws the display's frame; a city change reaches it at its next wake")
    func devicesFollowTheHub() async throws {
        try await OpenWeatherMapTestServer.withRunningServer { server in
            server.addCity(LoopbackWeather.lyon, at: Date())
            server.addCity(LoopbackWeather.paris, at: Date())
            let port = try MosquittoBroker.freePort()
            let hub = try HubSandbox(configuration: Self.configuration(weather: server.baseURL, port: port))
            try hub.startService()
            #expect(try hub.ctl(["reload", "--wait"]).status == 0)
            let lyonCalls = server.requests.filter { $0.path == "/data/2.5/weather" }.count
            #expect(lyonCalls == 1, "three screens, one weather fetch: \(server.requests.map(\.target))")

            let device = EmulatedTRMNL(mac: Self.kitchen, firmware: "1.5.7", baseURL: "http://127.0.0.1:\(port)")
            #expect(try await device.setup().status == 200)
            let first = try await device.wake()
            #expect(first.status == 0 && first.redrew)
            #expect((300...3600).contains(first.refreshRate), "\(first.refreshRate)")
            let preview = hub.directory + "/kitchen.png"
            #expect(try hub.ctl(["displays", "preview", "kitchen", "--out", preview]).status == 0)
            let composed = try Self.frame(ofPNG: preview)
            #expect(device.screen == composed)
            #expect(composed.size == PixelSize(width: 800, height: 480))
            #expect((0..<800).contains { x in (0..<480).contains { y in composed[x, y] == .black } })

            let unchanged = try await device.wake()
            #expect(unchanged.filename == first.filename && !unchanged.redrew)

            let citySet = try hub.ctl(["city", "set", "Paris"])
            #expect(citySet.status == 0, "\(citySet.error)")
            #expect(server.requests.filter { $0.path == "/data/2.5/weather" && $0.target.contains("lat=48.85") }.count == 1)
            let afterCity = try await device.wake()
            #expect(afterCity.filename != first.filename && afterCity.redrew)
            #expect(try hub.ctl(["displays", "preview", "kitchen", "--out", preview]).status == 0)
            #expect(device.screen == (try Self.frame(ofPNG: preview)))

            // The hall's image, through the URL weatherctl prints, in four greys and portrait.
            let url = try hub.ctl(["displays", "url", "hall", "--base", "http://127.0.0.1:\(port)"]).output
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let (png, response) = try await EmulatedTRMNL.get(url, headers: [:])
            #expect(response.statusCode == 200)
            let hall = try EmulatedTRMNL.decode(png, contentType: "image/png")
            #expect(hall.size == PixelSize(width: 480, height: 800) && hall.capability == .grayscale4)

            // weatherctl displays shows what the device said and logged; no key or token appears anywhere.
            #expect(try await device.postLog(["wifi connected after 2 tries"]) == 200)
            let list = try hub.ctl(["displays"])
            #expect(list.status == 0)
            #expect(list.output.contains("kitchen") && list.output.contains(Self.kitchen) && list.output.contains("4.12 V"))
            #expect(list.output.contains("-61 dBm") && list.output.contains("1.5.7") && list.output.contains("800×480 1-bit"))
            #expect(list.output.contains(afterCity.filename ?? "-") && list.output.contains("wifi connected after 2 tries"), "\(list.output)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(hub.ctl(["displays", "--json"]).output.utf8)) as? [String: Any])
            let kitchen = try #require((report["displays"] as? [[String: Any]])?.first { $0["id"] as? String == "kitchen" })
            #expect(kitchen["image"] as? String == afterCity.filename && kitchen["width"] as? Int == 800 && kitchen["depth"] as? Int == 1)
            let seen = try #require(((kitchen["devices"] as? [[String: Any]])?.first)?["telemetry"] as? [String: Any])
            #expect(seen["batteryVoltage"] as? Double == 4.12 && seen["rssi"] as? Int == -61 && seen["firmware"] as? String == "1.5.7")
            #expect(seen["lastSeen"] != nil && seen["nextWake"] != nil && seen["filename"] as? String == afterCity.filename)
            // The status page: every screen with its widgets' schedule, the device, a stranger waiting, the weather.
            let stranger = EmulatedTRMNL(mac: "AA:BB:CC:DD:EE:99", baseURL: "http://127.0.0.1:\(port)")
            #expect(try await stranger.setup().status == 404)
            let (page, pageResponse) = try await EmulatedTRMNL.get("http://127.0.0.1:\(port)/", headers: [:])
            let html = String(decoding: page, as: UTF8.self)
            #expect(pageResponse.statusCode == 200)
            for expected in [
                "<h2>kitchen</h2>", "<h2>hall</h2>", "480×800 · 2-bit", "weather · extraLarge", "weather · large", "Next entry",
                Self.kitchen, "4.12 V", "-61 dBm", "Devices waiting for approval", "weatherctl displays approve AA:BB:CC:DD:EE:99",
                "<h2>Weather</h2>", "Paris", " old</td>",
            ] {
                #expect(html.contains(expected), "status page lacks \(expected)")
            }
            #expect(!html.contains(device.apiKey ?? "-"))
            let status = try hub.ctl(["status"]).output
            #expect(status.contains("Web        http://127.0.0.1:\(port), displays kitchen, hall, 1 device"), "\(status)")
            let json = try hub.ctl(["displays", "--json"]).output + (try hub.ctl(["status", "--json"]).output)
            let registry = try String(contentsOfFile: hub.stateDirectory + "/displays/devices.json", encoding: .utf8)
            for secret in [device.apiKey ?? "-", String(url.split(separator: "=").last ?? "-")] {
                #expect(!json.contains(secret) && !hub.serviceLog.contains(secret))
                #expect(registry.contains(secret))
            }
            let mode = try FileManager.default.attributesOfItem(atPath: hub.stateDirectory + "/displays/devices.json")[.posixPermissions] as? Int
            #expect(mode == 0o600)
            #expect(hub.stopService() == 0)
        }
    }

    @Test("a display whose weather fails shows the panel's honest failure frame, never a blank")
    func failureFrame() async throws {
        try await OpenWeatherMapTestServer.withRunningServer { server in
            server.addCity(LoopbackWeather.lyon, at: Date())
            server.setAcceptedKeys([])
            let port = try MosquittoBroker.freePort()
            // A display of the simulated panel's size with the panel's widget: the same data, the same pixels.
            let twin = "  - id: twin\n    kind: image\n    width: 400\n    height: 300\n"
                + "    layout:\n      - kind: weather\n        family: large\n"
            let hub = try HubSandbox(configuration: Self.configuration(weather: server.baseURL, port: port, moreDisplays: twin))
            try hub.startService()
            _ = try hub.ctl(["reload", "--wait"])
            // The panel may still be waiting for its refresh interval: compare until both show their last frame.
            let preview = hub.directory + "/twin.png"
            var display = Frame(size: PixelSize(width: 400, height: 300), capability: .monochrome)
            var same = false
            for _ in 0..<40 where !same {
                #expect(try hub.ctl(["displays", "preview", "twin", "--out", preview]).status == 0)
                display = try Self.frame(ofPNG: preview)
                same = display == (try Self.frame(ofPNG: hub.latestFrame))
                if !same { try await Task.sleep(for: .milliseconds(250)) }
            }
            #expect(same, "the display's frame differs from the panel's")
            #expect((0..<400).contains { x in (0..<300).contains { y in display[x, y] == .black } })
            #expect(hub.stopService() == 0)
        }
    }

    @Test("with panel: none the hub serves its displays only: ready, reloads, status, and no panel frame")
    func noWiredPanel() async throws {
        let port = try MosquittoBroker.freePort()
        let hub = try HubSandbox(configuration: """
            provider:
              demo: true
            panel: none
            displays:
              - id: hall
                kind: image
            http:
              address: 127.0.0.1
              port: \(port)
            """)
        try hub.startService()
        let reload = try hub.ctl(["reload", "--wait"])
        #expect(reload.status == 0, "\(reload.error)")
        #expect(try hub.ctl(["status"]).output.contains("Panel      none"))
        let url = try hub.ctl(["displays", "url", "hall", "--base", "http://127.0.0.1:\(port)"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let (png, response) = try await EmulatedTRMNL.get(url, headers: [:])
        #expect(response.statusCode == 200 && !png.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: hub.latestFrame))
        #expect(hub.stopService() == 0)
    }

    @Test("an unknown device waits; weatherctl approves it, then removes it; bad arguments change nothing")
    func approval() async throws {
        try await OpenWeatherMapTestServer.withRunningServer { server in
            server.addCity(LoopbackWeather.lyon, at: Date())
            let port = try MosquittoBroker.freePort()
            let hub = try HubSandbox(configuration: Self.configuration(weather: server.baseURL, port: port))
            try hub.startService()
            let stranger = EmulatedTRMNL(mac: "AA:BB:CC:DD:EE:77", baseURL: "http://127.0.0.1:\(port)")
            #expect(try await stranger.setup().status == 404)
            #expect(try hub.ctl(["displays"]).output.contains("weatherctl displays approve AA:BB:CC:DD:EE:77"))

            let cases: [(arguments: [String], status: Int32, message: String)] = [
                (["displays", "approve", "nonsense"], 64, "is not a MAC address"),
                (["displays", "approve", "AA:BB:CC:DD:EE:77", "--display", "hall"], 1, "is an image display"),
                (["displays", "approve", "AA:BB:CC:DD:EE:77", "--display", "attic"], 1, "no display is called `attic`"),
                (["displays", "remove", "AA:BB:CC:DD:EE:55"], 1, "no device AA:BB:CC:DD:EE:55"),
                (["displays", "preview", "attic", "--out", hub.directory + "/x.png"], 1, "no display is called `attic`"),
            ]
            for (arguments, status, message) in cases {
                let result = try hub.ctl(arguments)
                #expect(result.status == status, "\(arguments)")
                #expect(result.error.contains(message), "\(result.error)")
            }
            #expect(try await stranger.setup().status == 404)

            let approve = try hub.ctl(["displays", "approve", "aa-bb-cc-dd-ee-77"])
            #expect(approve.status == 0 && approve.output.contains("Approved AA:BB:CC:DD:EE:77"), "\(approve.error)")
            #expect(try await stranger.setup().status == 200)
            #expect(try await stranger.wake().status == 0)

            #expect(try hub.ctl(["displays", "remove", "AA:BB:CC:DD:EE:77"]).status == 0)
            await #expect(throws: EmulatedTRMNL.DeviceError.self) { try await stranger.wake() }
            #expect(hub.stopService() == 0)
        }
    }
}
