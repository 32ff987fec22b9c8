import Foundation
import HubTestSupport
import InkUI
import Testing

/// The status page in a real browser: headless Chromium (Debian's package) loads it from the running
/// service, and its screenshot holds the wired panel's frame and every display's, pixel for pixel.
@Suite("Status page in Chromium", .serialized)
struct StatusPageBrowserTests {
    @Test("a screenshot of the status page shows the panel's and every display's frame")
    func screenshotShowsEveryFrame() async throws {
        let port = try MosquittoBroker.freePort()
        let hub = try HubSandbox(configuration: """
            provider:
              demo: true
            displays:
              - id: kitchen
                kind: trmnl
                layout:
                  - kind: weather
                    family: extraLarge
              - id: kindle
                kind: image
                width: 600
                height: 800
                depth: 2
                layout:
                  - kind: weather
                    family: large
                    region: { x: 0, y: 0, width: 600, height: 500 }
                  - kind: forecast
                    family: large
                    region: { x: 0, y: 500, width: 600, height: 300 }
            http:
              address: 127.0.0.1
              port: \(port)
            """)
        try hub.startService()
        #expect(try hub.ctl(["reload", "--wait"]).status == 0)
        var frames = ["panel": try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: hub.latestFrame))))]
        for display in ["kitchen", "kindle"] {
            let file = hub.directory + "/\(display).png"
            #expect(try hub.ctl(["displays", "preview", display, "--out", file]).status == 0)
            frames[display] = try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: file))))
        }

        let screenshot = hub.directory + "/status.png"
        let chromium = try Chromium.screenshot(url: "http://127.0.0.1:\(port)/", to: screenshot, width: 1400, height: 2200)
        #expect(chromium.status == 0, "\(chromium.output)")
        let page = try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: screenshot))))
        for (name, frame) in frames.sorted(by: { $0.key < $1.key }) {
            #expect(FrameSearch.origin(of: frame, in: page) != nil, "the \(name) frame is not on the page (screenshot: \(screenshot))")
        }
        #expect(hub.stopService() == 0)
    }
}

/// Headless Chromium from Debian's `chromium` package.
enum Chromium {
    static func screenshot(url: String, to path: String, width: Int, height: Int) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chromium")
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
            "--window-size=\(width),\(height)", "--screenshot=\(path)", url,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.environment = ["HOME": NSTemporaryDirectory(), "PATH": "/usr/bin:/bin"]
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}

/// Finds a frame copied pixel for pixel into a larger one.
enum FrameSearch {
    static func origin(of frame: Frame, in page: Frame) -> PixelPoint? {
        guard let anchor = firstInk(of: frame) else { return nil }
        let ink = frame[anchor.x, anchor.y]
        for y in anchor.y..<(page.size.height - frame.size.height + anchor.y + 1) {
            for x in anchor.x..<(page.size.width - frame.size.width + anchor.x + 1) where page[x, y] == ink {
                let origin = PixelPoint(x: x - anchor.x, y: y - anchor.y)
                if matches(frame, in: page, at: origin) { return origin }
            }
        }
        return nil
    }

    private static func firstInk(of frame: Frame) -> PixelPoint? {
        for y in 0..<frame.size.height {
            for x in 0..<frame.size.width where frame[x, y] != .white { return PixelPoint(x: x, y: y) }
        }
        return nil
    }

    private static func matches(_ frame: Frame, in page: Frame, at origin: PixelPoint) -> Bool {
        for y in 0..<frame.size.height {
            for x in 0..<frame.size.width where page[origin.x + x, origin.y + y] != frame[x, y] { return false }
        }
        return true
    }
}
