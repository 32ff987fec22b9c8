import EPaper
import Foundation
import HubSystem
import InkUI
import Testing

/// The simulated panel through the same controller and policy as a real one.
@Suite("Simulated panel")
struct SimulatedPanelTests {
    @Test("Each refresh becomes a PNG: the newest N kept in history, latest.png replaced atomically, logged with panel.refresh.* metadata")
    func imagesAndLogs() async throws {
        let directory = try temporaryDirectory() + "/panel"
        let time = TestTime(epoch: Date(timeIntervalSince1970: 1_772_406_000))
        let log = LogRecorder()
        let settings = SimulatedPanelSettings(size: PixelSize(width: 64, height: 32), historyLimit: 3)
        let panel = try SimulatedPanel(settings: settings, directory: directory, logger: log.logger(), clock: time)
        let latest = panel.latestPath
        #expect(latest == directory + "/latest.png")
        let device = PanelDevice(name: "simulated", driver: panel, clock: time.blocking)
        let controller = PanelController(
            device: device, settings: PanelProfile.builtIn(.simulated).refresh, stateStore: PanelStateStore(directory: directory),
            clock: time, timeZone: .utc, logger: log.logger())

        var frames: [Frame] = []
        for n in 0..<5 {
            var frame = Frame(size: settings.size, capability: .monochrome)
            frame.fill(PixelRect(x: 8 * n, y: 4, width: 8, height: 8), with: .black)
            frames.append(frame)
            time.pass(.seconds(10))
            #expect(try await controller.present(frame, reason: "step \(n)") != .unchanged)
        }
        let history = try FileManager.default.contentsOfDirectory(atPath: directory + "/history").sorted()
        #expect(history == ["refresh-00000003-partial.png", "refresh-00000004-partial.png", "refresh-00000005-partial.png"])
        let shown = try #require(FileManager.default.contents(atPath: latest))
        #expect(try PNGDecoder.decode(Array(shown)) == frames[4])
        let third = try #require(FileManager.default.contents(atPath: directory + "/history/refresh-00000003-partial.png"))
        #expect(try PNGDecoder.decode(Array(third)) == frames[2])

        let logged = log.records.filter { $0.message == "panel refreshed" && $0.metadata["panel.refresh.image"] != nil }
        #expect(logged.map { $0.metadata["panel.refresh.kind"] } == ["full", "partial", "partial", "partial", "partial"])
        #expect(logged.last?.metadata["panel.refresh.reason"] == "step 4")
        #expect(logged.last?.metadata["panel.refresh.area"] == "16×8+24+4")
        #expect(logged.first?.metadata["panel.refresh.time"] == "2026-03-01T23:00:10Z")
        #expect(logged.first?.metadata["panel.refresh.area"] == "64×32+0+0")
    }

    @Test("A restarted simulated panel continues the history numbering")
    func historyContinues() throws {
        let directory = try temporaryDirectory()
        let settings = SimulatedPanelSettings(size: PixelSize(width: 16, height: 8), historyLimit: 5)
        let frame = Frame(size: settings.size, capability: .monochrome, fill: .black)
        for _ in 0..<2 {
            let panel = try SimulatedPanel(settings: settings, directory: directory, logger: LogRecorder().logger())
            try panel.refresh(PanelRefresh(frame: frame, kind: .full, reason: "start"))
        }
        let history = try FileManager.default.contentsOfDirectory(atPath: directory + "/history").sorted()
        #expect(history == ["refresh-00000001-full.png", "refresh-00000002-full.png"])
    }
}
