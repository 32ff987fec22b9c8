import EPaper
import Foundation
import HubSystem
import InkUI
import PanelHardware
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

    @Test("A three-colour simulated panel takes black-white-red frames and writes a white/black/red palette PNG of them")
    func threeColourPNG() async throws {
        var profile = PanelProfile.builtIn(.simulated)
        profile.simulated = SimulatedPanelSettings(size: PixelSize(width: 40, height: 24), capability: .blackWhiteRed)
        let directory = try temporaryDirectory()
        let device = try PanelDevice.open(profile: profile, stateDirectory: directory, logger: LogRecorder().logger())
        #expect(device.layout.capability == .blackWhiteRed)
        var frame = Frame(size: profile.frameSize, capability: .blackWhiteRed)
        frame.fill(PixelRect(x: 0, y: 0, width: 10, height: 24), with: .black)
        frame.fill(PixelRect(x: 5, y: 4, width: 20, height: 8), with: .red)
        await #expect(throws: PanelFrameError.self) {
            try await device.refresh(PanelRefresh(frame: Frame(size: profile.frameSize, capability: .monochrome), kind: .full, reason: "grey"))
        }
        _ = try await device.refresh(PanelRefresh(frame: frame, kind: .full, reason: "colour"))

        let png = Array(try #require(FileManager.default.contents(atPath: directory + "/panel/latest.png")))
        // IHDR: bit depth 2, colour type 3 (palette); PLTE: white, black, red.
        #expect(png[24] == 2 && png[25] == 3)
        let palette = try #require(png.indices.dropLast(4).first { Array(png[$0..<($0 + 4)]) == Array("PLTE".utf8) })
        #expect(Array(png[(palette + 4)..<(palette + 13)]) == [255, 255, 255, 0, 0, 0, 255, 0, 0])
        let decoded = try PNGDecoder.decode(png)
        #expect(decoded == frame)
        #expect(decoded[6, 5] == .red && decoded[2, 20] == .black && decoded[30, 20] == .white)
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
