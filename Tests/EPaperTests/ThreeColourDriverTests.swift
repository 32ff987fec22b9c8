import EPaper
import InkUI
import Testing

/// The black, white and red panels against their controllers' emulators: the exact command streams of
/// `docs/three-colour-panels.md`, both RAM planes pixel by pixel, full refresh as the only kind, deep sleep
/// after it, and BUSY waits at the (B) panels' 15–26 s refresh times.
@Suite("Three-colour panels against the controller emulators")
struct ThreeColourDriverTests {
    static let models: [PanelModel] = [.waveshare2in13bV4, .waveshare2in9bV4, .waveshare4in2bV2, .waveshare7in5bV2]

    /// Every command of one full refresh from deep sleep, without the get-status polls (0x71) of the UC8179.
    static let streams: [PanelModel: [String]] = [
        .waveshare2in13bV4: [
            "12", "01 F9 00 00", "11 03", "3C 05", "21 00 80", "18 80",
            "11 03", "44 00 0F", "45 00 00 F9 00", "4E 00", "4F 00 00", "24 ×4000",
            "11 03", "44 00 0F", "45 00 00 F9 00", "4E 00", "4F 00 00", "26 ×4000",
            "22 F7", "20", "10 01",
        ],
        .waveshare2in9bV4: [
            "12", "01 27 01 00", "11 03", "3C 05", "21 00 80", "18 80",
            "11 03", "44 00 0F", "45 00 00 27 01", "4E 00", "4F 00 00", "24 ×4736",
            "11 03", "44 00 0F", "45 00 00 27 01", "4E 00", "4F 00 00", "26 ×4736",
            "22 F7", "20", "10 01",
        ],
        .waveshare4in2bV2: [
            "12", "01 2B 01 00", "11 03", "3C 05", "21 00 00", "18 80",
            "11 03", "44 00 31", "45 00 00 2B 01", "4E 00", "4F 00 00", "24 ×15000",
            "11 03", "44 00 31", "45 00 00 2B 01", "4E 00", "4F 00 00", "26 ×15000",
            "22 F7", "20", "10 01",
        ],
        .waveshare7in5bV2: [
            "01 07 07 3F 3F", "06 17 17 28 17", "04", "00 0F", "61 03 20 01 E0", "15 00", "50 11 07", "60 22",
            "10 ×48000", "13 ×48000", "12", "50 F7", "02", "07 A5",
        ],
    ]

    /// GxEPD2's measured full refresh of each panel, which the emulators hold BUSY for.
    static let refreshTimes: [PanelModel: Duration] = [
        .waveshare2in13bV4: .milliseconds(14_590), .waveshare2in9bV4: .milliseconds(26_130),
        .waveshare4in2bV2: .milliseconds(22_780), .waveshare7in5bV2: .milliseconds(17_130),
    ]

    @Test("A full refresh sends exactly the documented command stream", arguments: models)
    func commandStream(model: PanelModel) throws {
        let profile = PanelProfile.builtIn(model)
        let panel = try EmulatedPanels.wired(profile)
        try panel.driver.refresh(PanelRefresh(frame: TestFrames.pattern(profile.frameSize, seed: 5, capability: .blackWhiteRed), kind: .full, reason: "stream"))
        let sent = panel.emulator.sentCommands.filter { $0.opcode != 0x71 || profile.model.controller != .uc8179 }
        #expect(sent.map(\.description) == Self.streams[model])
        #expect(panel.emulator.finish().isEmpty)
    }

    @Test("Red wins over black: a pixel inked in both planes of the frame reaches the panel as red on white", arguments: models)
    func redOverBlack(model: PanelModel) throws {
        let profile = PanelProfile.builtIn(model)
        let panel = try EmulatedPanels.wired(profile)
        let size = profile.frameSize
        let planeBytes = Frame.bytesPerRow(width: size.width, capability: .blackWhiteRed) * size.height
        // Every pixel black, and red in a pattern of stripes: the red ones have both bits set.
        let red = (0..<planeBytes).map { UInt8(truncatingIfNeeded: $0 % 3 == 0 ? 0xF0 : $0 % 7) }
        let frame = try #require(Frame(size: size, capability: .blackWhiteRed, bytes: [UInt8](repeating: 0xFF, count: planeBytes) + red))
        try panel.driver.refresh(PanelRefresh(frame: frame, kind: .full, reason: "red over black"))
        let shown = try #require(panel.emulator.displayedImage)
        #expect(shown == TestFrames.expectedNative(frame, rotation: .none), "the BW plane is white wherever the red plane is set")
        #expect(shown[0, 0] == .red && shown[4, 0] == .black)
        #expect(panel.emulator.finish().isEmpty)
    }

    @Test("Full refresh is the only kind: fast, partial and black-and-white frames never reach the wires", arguments: models)
    func fullRefreshOnly(model: PanelModel) throws {
        let profile = PanelProfile.builtIn(model)
        let panel = try EmulatedPanels.wired(profile)
        #expect(panel.driver.layout.capability == .blackWhiteRed)
        #expect(panel.driver.layout.features == PanelFeatures(fastRefresh: false, partialRefresh: false))
        let frame = TestFrames.pattern(profile.frameSize, seed: 3, capability: .blackWhiteRed)
        #expect(throws: PanelFrameError.self) { try panel.driver.refresh(PanelRefresh(frame: frame, kind: .fast, reason: "x")) }
        #expect(throws: PanelFrameError.self) {
            try panel.driver.refresh(PanelRefresh(frame: frame, kind: .partial, window: PixelRect(x: 0, y: 0, width: 8, height: 8), reason: "x"))
        }
        let monochrome = Frame(size: profile.frameSize, capability: .monochrome)
        #expect(throws: PanelFrameError.self) { try panel.driver.refresh(PanelRefresh(frame: monochrome, kind: .full, reason: "x")) }
        #expect(panel.emulator.bytesReceived == 0)

        try panel.driver.refresh(PanelRefresh(frame: frame, kind: .full, reason: "full"))
        #expect(panel.emulator.refreshes.map(\.kind) == [.full])
        #expect(panel.emulator.refreshes.allSatisfy { $0.sleptAt != nil })
        #expect(panel.emulator.phase == .deepSleep)
        #expect(panel.emulator.finish().isEmpty)
    }

    @Test("BUSY waits last the (B) refresh time within the 60 s default, and a stuck BUSY fails after 60 s", arguments: models)
    func busyTimes(model: PanelModel) throws {
        let profile = PanelProfile.builtIn(model)
        #expect(profile.busyTimeout == .seconds(60))
        let frame = TestFrames.pattern(profile.frameSize, seed: 4, capability: .blackWhiteRed)
        let panel = try EmulatedPanels.wired(profile)
        try panel.driver.refresh(PanelRefresh(frame: frame, kind: .full, reason: "slow"))
        let refresh = try #require(panel.emulator.refreshes.first)
        let expected = try #require(Self.refreshTimes[model])
        #expect(refresh.end - refresh.start >= expected)
        #expect(panel.time.elapsed > expected && panel.time.elapsed < expected + .seconds(2))

        let stuck = try EmulatedPanels.wired(profile)
        let busyLevel = model.controller != .uc8179
        stuck.emulator.holdBusy(at: busyLevel)
        let error = try #require(#expect(throws: PanelHardwareError.self) {
            try stuck.driver.refresh(PanelRefresh(frame: frame, kind: .full, reason: "stuck"))
        })
        #expect(error.code == .busyTimeout)
        #expect(error.message.contains(profile.name) && error.message.contains(busyLevel ? "stayed high" : "stayed low"))
        #expect(stuck.time.elapsed >= .seconds(60) && stuck.time.elapsed < .seconds(61))
    }
}
