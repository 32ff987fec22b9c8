import EPaper
import InkUI
import Testing

/// Every driver through full, fast, partial and sleep/wake cycles against its controller's emulator,
/// in every rotation, comparing the reconstructed image (both planes on three-colour panels) with the
/// frame sent.
@Suite("Drivers against the controller emulators")
struct DriverEmulationTests {
    static let ssdModels: [PanelModel] = [
        .waveshare2in13V4, .waveshare2in9V2, .waveshare2in7V2, .waveshare4in2V2, .waveshare2in13bV4, .waveshare2in9bV4,
        .waveshare4in2bV2,
    ]

    /// Runs a cycle and checks the image after each refresh and the controller's rules at the end.
    private func runCycle<Model: CommandSetModel>(_ panel: EmulatedPanel<Model>, profile: PanelProfile) throws {
        let layout = panel.driver.layout
        let size = layout.frameSize
        #expect(size == profile.frameSize)
        var kinds: [RefreshKind] = [.full]
        if layout.features.fastRefresh { kinds.append(.fast) }
        if layout.features.partialRefresh { kinds += [.partial, .partial] }
        kinds.append(.full)

        var frame = TestFrames.pattern(size, seed: 1, capability: layout.capability)
        var previous: Frame?
        for (step, kind) in kinds.enumerated() {
            if let previous {
                // Each partial changes another corner of the frame; full and fast get fresh content.
                frame = kind == .partial
                    ? TestFrames.changing(previous, in: step % 2 == 0
                        ? PixelRect(x: 13, y: 9, width: 30, height: 20)
                        : PixelRect(x: size.width - 41, y: size.height - 27, width: 37, height: 22))
                    : TestFrames.pattern(size, seed: step + 1, capability: layout.capability)
            }
            let window = previous.flatMap { frame.changedRect(since: $0) }
            try panel.driver.refresh(PanelRefresh(frame: frame, kind: kind, window: kind == .partial ? window : nil, reason: "step \(step)"))
            let shown = try #require(panel.emulator.displayedImage, "nothing displayed after step \(step)")
            #expect(shown == TestFrames.expectedNative(frame, rotation: profile.rotation), "image after step \(step) (\(kind))")
            #expect(panel.emulator.phase == .deepSleep, "controller asleep after step \(step)")
            previous = frame
        }
        let violations = panel.emulator.finish()
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
        let refreshes = panel.emulator.refreshes
        #expect(refreshes.map(\.kind.rawValue) == kinds.map(\.rawValue))
        #expect(refreshes.allSatisfy { $0.sleptAt != nil })
    }

    @Test("SSD1680/SSD1683 panels show exactly the frame after full, fast and partial refreshes, in every rotation",
          arguments: ssdModels, PanelRotation.allCases)
    func ssd168xCycle(model: PanelModel, rotation: PanelRotation) throws {
        var profile = PanelProfile.builtIn(model)
        profile.rotation = rotation
        try runCycle(try EmulatedPanels.ssd168x(profile), profile: profile)
    }

    @Test("The UC8179 7.5-inch panels show exactly the frame after full, fast and partial refreshes, in every rotation",
          arguments: [PanelModel.waveshare7in5V2, .waveshare7in5bV2], PanelRotation.allCases)
    func uc8179Cycle(model: PanelModel, rotation: PanelRotation) throws {
        var profile = PanelProfile.builtIn(model)
        profile.rotation = rotation
        let panel = try EmulatedPanels.uc8179(profile)
        try runCycle(panel, profile: profile)
        #expect(panel.emulator.statusPolls > 0, "the driver polls with get-status (0x71) while BUSY is low")
    }

    @Test("The 2.9-inch V2 refreshes partially only with a host waveform, since its OTP has none",
          arguments: PanelRotation.allCases)
    func twoNineWithHostWaveform(rotation: PanelRotation) throws {
        var profile = PanelProfile.builtIn(.waveshare2in9V2)
        profile.rotation = rotation
        #expect(try EmulatedPanels.ssd168x(profile).driver.layout.features == PanelFeatures(fastRefresh: false, partialRefresh: false))
        profile.hostPartialWaveform = arbitraryHostWaveform
        let panel = try EmulatedPanels.ssd168x(profile)
        #expect(panel.driver.layout.features.partialRefresh)
        try runCycle(panel, profile: profile)
    }

    @Test("A partial refresh sends only the byte-aligned window of the change")
    func partialWindowIsByteAligned() throws {
        let profile = PanelProfile.builtIn(.waveshare4in2V2)
        let panel = try EmulatedPanels.ssd168x(profile)
        let base = TestFrames.pattern(profile.frameSize, seed: 7)
        try panel.driver.refresh(PanelRefresh(frame: base, kind: .full, reason: "base"))
        let before = panel.emulator.bytesReceived
        // x 21…34 covers bytes 2…4 (pixels 16…39): 3 bytes × 10 rows, written to BW and again to RED RAM.
        let changed = TestFrames.changing(base, in: PixelRect(x: 21, y: 50, width: 14, height: 10))
        try panel.driver.refresh(PanelRefresh(frame: changed, kind: .partial, window: changed.changedRect(since: base), reason: "clock"))
        let ramTransfers = panel.emulator.transferSizes.filter { $0 > 8 }
        #expect(ramTransfers.suffix(2) == [30, 30])
        #expect(panel.emulator.bytesReceived - before < 200)
        #expect(panel.driver.layout.refreshWindow(for: PixelRect(x: 21, y: 50, width: 14, height: 10)) == PixelRect(x: 16, y: 50, width: 24, height: 10))
        #expect(panel.emulator.displayedImage == changed)
        #expect(panel.emulator.finish().isEmpty)
    }

    @Test("A frame of the wrong size, a kind the panel lacks, or a partial before any full refresh never reaches the wires")
    func refusedRequestsSendNothing() throws {
        let panel = try EmulatedPanels.ssd168x(PanelProfile.builtIn(.waveshare2in9V2))
        let wrongSize = Frame(size: PixelSize(width: 296, height: 128), capability: .monochrome)
        #expect(throws: PanelFrameError.self) { try panel.driver.refresh(PanelRefresh(frame: wrongSize, kind: .full, reason: "x")) }
        let right = Frame(size: PixelSize(width: 128, height: 296), capability: .monochrome)
        let grey = Frame(size: right.size, capability: .grayscale4)
        #expect(throws: PanelFrameError.self) { try panel.driver.refresh(PanelRefresh(frame: grey, kind: .full, reason: "x")) }
        #expect(throws: PanelFrameError.self) { try panel.driver.refresh(PanelRefresh(frame: right, kind: .fast, reason: "x")) }
        let partial = try EmulatedPanels.ssd168x(PanelProfile.builtIn(.waveshare2in13V4))
        let frame = Frame(size: PixelSize(width: 122, height: 250), capability: .monochrome)
        #expect(throws: PanelFrameError.self) {
            try partial.driver.refresh(PanelRefresh(frame: frame, kind: .partial, window: frame.bounds, reason: "x"))
        }
        #expect(panel.emulator.bytesReceived == 0)
        #expect(partial.emulator.bytesReceived == 0)
    }

    @Test("Image planes larger than spidev's buffer go out in chunks with D/C held high, and arrive intact",
          arguments: [4096, 1000])
    func chunkedPlanes(bufferSize: Int) throws {
        let profile = PanelProfile.builtIn(.waveshare7in5V2)
        let panel = try EmulatedPanels.uc8179(profile, bufferSize: bufferSize)
        let frame = TestFrames.pattern(profile.frameSize, seed: 3)
        try panel.driver.refresh(PanelRefresh(frame: frame, kind: .full, reason: "chunks"))
        let sizes = panel.emulator.transferSizes
        #expect(sizes.allSatisfy { $0 <= bufferSize })
        let full = 48_000 / bufferSize
        let chunksPerPlane = full + (48_000 % bufferSize == 0 ? 0 : 1)
        #expect(sizes.filter { $0 == bufferSize }.count >= 2 * full)
        #expect(sizes.count >= 2 * chunksPerPlane)
        #expect(panel.emulator.displayedImage == frame)
        #expect(panel.emulator.finish().isEmpty)
    }

    @Test("A BUSY line stuck busy times out with an error naming the pin and the panel", arguments: [true, false])
    func stuckBusy(sevenAndAHalf: Bool) throws {
        var profile = PanelProfile.builtIn(sevenAndAHalf ? .waveshare7in5V2 : .waveshare2in7V2)
        profile.busyTimeout = .seconds(10)
        let frame = Frame(size: profile.frameSize, capability: .monochrome)
        let request = PanelRefresh(frame: frame, kind: .full, reason: "stuck")
        let error: PanelHardwareError?
        let time: TestTime
        if sevenAndAHalf {
            let panel = try EmulatedPanels.uc8179(profile)
            panel.emulator.holdBusy(at: false)
            time = panel.time
            error = #expect(throws: PanelHardwareError.self) { try panel.driver.refresh(request) }
        } else {
            let panel = try EmulatedPanels.ssd168x(profile)
            panel.emulator.holdBusy(at: true)
            time = panel.time
            error = #expect(throws: PanelHardwareError.self) { try panel.driver.refresh(request) }
        }
        let failure = try #require(error)
        #expect(failure.code == .busyTimeout)
        #expect(failure.message.contains("GPIO 24"))
        #expect(failure.message.contains(profile.name))
        #expect(failure.message.contains(sevenAndAHalf ? "stayed low" : "stayed high"))
        #expect(time.elapsed >= .seconds(10) && time.elapsed < .seconds(11))
    }

    @Test("Closing a driver leaves the controller asleep, the supply off and the lines released")
    func closeLeavesPanelAsleep() throws {
        let profile = PanelProfile.builtIn(.waveshare2in13V4)
        let panel = try EmulatedPanels.ssd168x(profile)
        panel.emulator.holdBusy(at: true)
        #expect(throws: PanelHardwareError.self) {
            try panel.driver.refresh(PanelRefresh(frame: Frame(size: profile.frameSize, capability: .monochrome), kind: .full, reason: "x"))
        }
        #expect(panel.emulator.phase == .awake)
        panel.emulator.holdBusy(at: nil)
        panel.driver.close()
        #expect(panel.emulator.phaseAtSupplyOff == .deepSleep)
        #expect(!panel.emulator.supplyOn)
        #expect(panel.emulator.released)
    }
}
