import EPaper
@testable import HubConfig
import HubDisplays
import HubMQTT
import InkUI
import InkWidgets
import Testing

@Suite("displays: and http:")
struct DisplaysSectionTests {
    @Test("without displays: or http: nothing listens")
    func off() throws {
        let configuration = try ConfigFixture().load("provider:\n  demo: true\n")
        #expect(configuration.displays.isEmpty)
        #expect(configuration.http == nil)
    }

    @Test("a TRMNL and a rotated 2-bit image display, each with its own layout, and the web side on its default port")
    func displays() throws {
        let configuration = try ConfigFixture().load("""
            displays:
              - id: kitchen
                kind: trmnl
                devices: ["aa:bb:cc:dd:ee:ff"]
                wake: { minimum: 2m, maximum: 30m }
                layout:
                  - kind: weather
                    family: extraLarge
              - id: kindle
                kind: image
                width: 600
                height: 800
                depth: 2
                rotation: 90
                layout:
                  - kind: weather
                    family: large
                    region: { x: 0, y: 0, width: 800, height: 400 }
                  - kind: forecast
                    family: large
                    region: { x: 0, y: 400, width: 800, height: 200 }
            """)
        let kitchen = try #require(configuration.displays.first)
        #expect(kitchen.kind == .trmnl && kitchen.nativeSize == PixelSize(width: 800, height: 480) && kitchen.capability == .monochrome)
        #expect(kitchen.devices == [DeviceID("AA:BB:CC:DD:EE:FF")!])
        #expect(kitchen.wake == WakeBounds(minimum: .seconds(120), maximum: .seconds(1800)))
        #expect(kitchen.layout.placements.map(\.id.rawValue) == ["kitchen.weather-extraLarge-1"])
        let kindle = configuration.displays[1]
        #expect(kindle.frameSize == PixelSize(width: 800, height: 600))
        #expect(kindle.capability == .grayscale4 && kindle.rotation == .quarter)
        #expect(kindle.layout.placements.map(\.kind) == ["weather", "forecast"])
        #expect(configuration.http?.port == 2300 && configuration.http?.address == "0.0.0.0")
    }

    @Test("a display without a layout shows the weather widget in the family its size suits")
    func defaultLayout() throws {
        let configuration = try ConfigFixture().load("displays:\n  - id: hall\n    kind: image\n")
        #expect(configuration.displays.first?.layout.placements.map(\.id.rawValue) == ["hall.weather"])
        #expect(configuration.displays.first?.layout.placements.first?.family == .extraLarge)
    }

    @Test("http: alone turns on the status page")
    func httpAlone() throws {
        let configuration = try ConfigFixture().load("""
            http:
              address: 127.0.0.1
              port: 8080
              public_url: http://hub.local:8080
            """)
        #expect(configuration.displays.isEmpty)
        #expect(configuration.http == HTTPSettings(address: "127.0.0.1", port: 8080, publicURL: "http://hub.local:8080"))
    }

    @Test("every bad value is reported at its key with a suggestion")
    func problems() {
        let problems = ConfigFixture().problems("""
            displays:
              - id: Kitchen Wall
                kind: tv
                depth: 8
                rotation: 45
                devices: [nonsense]
                wake: { minimum: 10s, maximum: 1h }
              - id: hall
                kind: image
                devices: ["AA:BB:CC:DD:EE:FF"]
                layout:
                  - kind: weathr
              - id: hall
                kind: image
                colour: red
            http:
              port: 70000
              public_url: hub.local
              tls: { certificate: /etc/cert.pem }
            """)
        let paths = problems.map(\.keyPath)
        #expect(paths.contains("displays[1].id"))
        #expect(paths.contains("displays[1].kind"))
        #expect(paths.contains("displays[1].depth"))
        #expect(paths.contains("displays[1].rotation"))
        #expect(paths.contains("displays[1].devices[1]"))
        #expect(paths.contains("displays[1].wake.minimum"))
        #expect(paths.contains("displays[2].devices"))
        #expect(paths.contains("displays[2].layout[1]"))
        #expect(paths.contains("displays[3].id"))
        #expect(paths.contains("displays[3].colour"))
        #expect(paths.contains("http.port"))
        #expect(paths.contains("http.public_url"))
        #expect(paths.contains("http.tls.key"))
        #expect(problems.allSatisfy { $0.line != nil })
    }

    @Test("panel: none is a hub of networked displays only; it needs a display and takes no layout")
    func noWiredPanel() throws {
        let configuration = try ConfigFixture().load("panel: none\ndisplays:\n  - id: hall\n    kind: image\n")
        #expect(!configuration.wiredPanel && configuration.layout.placements.isEmpty)
        #expect(!configuration.hubMQTT.features.wiredPanel)
        #expect(try ConfigFixture().load("provider:\n  demo: true\n").wiredPanel)
        let alone = ConfigFixture().problems("panel: none\n")
        #expect(alone.map(\.keyPath) == ["panel"])
        #expect(alone.first?.suggestion == "add a screen under `displays:`, or name your panel's `model`")
        let withLayout = ConfigFixture().problems("panel: none\nlayout:\n  - kind: weather\ndisplays:\n  - id: hall\n    kind: image\n")
        #expect(withLayout.map(\.keyPath) == ["layout"])
    }
}
