import InkUI

/// Driver for the Waveshare SSD1680 and SSD1683 panels (2.13" V4, 2.9" V2, 2.7" V2, 4.2" V2 in black and
/// white; 2.13" (B) V4, 2.9" (B) V4, 4.2" (B) V2 in black, white and red).
///
/// Every refresh starts from deep sleep: RST pulse, SWRESET (0x12), the full register set-up (0x01,
/// 0x11, 0x3C, 0x21, 0x18: nothing is left to power-on defaults), then RAM writes through an explicit
/// window and counter, the update, and deep sleep (0x10 01). On three-colour panels the RED RAM (0x26)
/// holds the red plane (bit 1 = red). On black-and-white panels it holds the image on screen after each
/// refresh, which is what the differential waveform of the next partial refresh compares against.
final class SSD168xDriver: PanelDriver {
    let layout: PanelLayout
    private let panel: SSD168xPanel
    private let bus: any PanelBus
    private let busyTimeout: Duration
    private let hostPartialWaveform: [UInt8]?
    /// The RED RAM holds the image on screen (a full or fast refresh succeeded since the last failure).
    private var hasPartialBase = false
    /// Reset since the last deep sleep command.
    private var awake = true

    /// - Parameter hostPartialWaveform: the 153-byte LUT for register 0x32 that enables partial refresh on
    ///   a panel whose OTP has no differential waveform (2.9" V2); ignored on the others.
    init(panel: SSD168xPanel, bus: any PanelBus, rotation: PanelRotation, busyTimeout: Duration, hostPartialWaveform: [UInt8]?) {
        self.panel = panel
        self.bus = bus
        self.busyTimeout = busyTimeout
        let waveform = panel.partialWaveform == .host ? hostPartialWaveform : nil
        self.hostPartialWaveform = waveform
        let partial = panel.partialWaveform == .otp || waveform != nil
        self.layout = PanelLayout(
            orientation: PanelOrientation(nativeSize: panel.nativeSize, rotation: rotation), capability: panel.capability,
            features: PanelFeatures(fastRefresh: panel.fastTemperature != nil, partialRefresh: partial), windowAlignment: 8)
    }

    func refresh(_ request: PanelRefresh) throws {
        try layout.check(request, panel: panel.model.rawValue, hasPartialBase: hasPartialBase)
        let native = layout.orientation.nativeFrame(request.frame)
        do {
            try wake()
            try configure(for: request.kind)
            switch request.kind {
            case .full, .fast:
                let window = PixelRect(x: 0, y: 0, width: panel.bytesPerRow * 8, height: panel.nativeSize.height)
                let bytes = RAMImage.whiteIsOne(native, window: window)
                try writeRAM(SSD168xCommand.writeBlackWhiteRAM, bytes, window: window)
                let red = panel.capability == .blackWhiteRed ? RAMImage.redIsOne(native, window: window) : bytes
                try writeRAM(SSD168xCommand.writeRedRAM, red, window: window)
                try update(request.kind == .full ? SSD168xSequence.full : SSD168xSequence.fast, operation: "\(request.kind) refresh")
            case .partial:
                let window = layout.nativeWindow(for: request.window ?? request.frame.bounds)
                let bytes = RAMImage.whiteIsOne(native, window: window)
                try writeRAM(SSD168xCommand.writeBlackWhiteRAM, bytes, window: window)
                let sequence = hostPartialWaveform == nil ? SSD168xSequence.partialFromOTP : SSD168xSequence.partialWithHostLUT
                try update(sequence, operation: "partial refresh")
                // The differential waveform does not copy new to old: keep RED = screen for the next one.
                try writeRAM(SSD168xCommand.writeRedRAM, bytes, window: window)
            }
            try enterDeepSleep()
            hasPartialBase = true
        } catch {
            hasPartialBase = false
            throw error
        }
    }

    func sleep() throws {
        guard awake else { return }
        try bus.reset(panel.resetPulse)
        try enterDeepSleep()
    }

    func close() {
        try? sleep()
        try? bus.setPower(false)
        bus.release()
    }

    private func wake() throws {
        try bus.setPower(true)
        try bus.reset(panel.resetPulse)
        awake = true
        try waitWhileBusy("reset")
        try bus.command(SSD168xCommand.softwareReset)
        try waitWhileBusy("software reset")
    }

    private func configure(for kind: RefreshKind) throws {
        let lastGate = panel.lastGate
        try bus.command(SSD168xCommand.driverOutputControl, [UInt8(lastGate & 0xFF), UInt8(lastGate >> 8), 0x00])
        try bus.command(SSD168xCommand.dataEntryMode, [0x03])
        try bus.command(SSD168xCommand.borderWaveform, [kind == .partial ? 0x80 : 0x05])
        try bus.command(
            SSD168xCommand.displayUpdateControl1, kind == .partial ? panel.partialUpdateOptions : panel.fullUpdateOptions)
        try bus.command(SSD168xCommand.temperatureSensor, [0x80])
        switch kind {
        case .full:
            break
        case .fast:
            guard let temperature = panel.fastTemperature else { return }
            try update(SSD168xSequence.loadTemperatureAndLUT, operation: "temperature read")
            try bus.command(SSD168xCommand.writeTemperature, temperature)
            try update(SSD168xSequence.loadLUT, operation: "fast waveform load")
        case .partial:
            guard let waveform = hostPartialWaveform else { return }
            try bus.command(SSD168xCommand.writeLUT, waveform)
            // Display option with F[6] clear: no RAM ping-pong for display mode 2 (its power-on value). With
            // ping-pong the controller swaps its two RAM banks after each partial update, and whether a reset
            // swaps them back is undocumented; the driver keeps the old image in the RED RAM itself instead.
            try bus.command(SSD168xCommand.displayOption, [UInt8](repeating: 0x00, count: 10))
            try update(SSD168xSequence.powerOn, operation: "power on")
        }
    }

    /// Sets the RAM window and address counter (X in bytes, Y in gate lines), then writes `bytes`.
    private func writeRAM(_ command: UInt8, _ bytes: [UInt8], window: PixelRect) throws {
        let firstByte = UInt8(window.minX / 8)
        let lastByte = UInt8((window.maxX - 1) / 8)
        let top = window.minY
        let bottom = window.maxY - 1
        try bus.command(SSD168xCommand.dataEntryMode, [0x03])
        try bus.command(SSD168xCommand.ramXWindow, [firstByte, lastByte])
        try bus.command(SSD168xCommand.ramYWindow, [UInt8(top & 0xFF), UInt8(top >> 8), UInt8(bottom & 0xFF), UInt8(bottom >> 8)])
        try bus.command(SSD168xCommand.ramXCounter, [firstByte])
        try bus.command(SSD168xCommand.ramYCounter, [UInt8(top & 0xFF), UInt8(top >> 8)])
        try bus.command(command, bytes)
    }

    private func update(_ sequence: UInt8, operation: String) throws {
        try bus.command(SSD168xCommand.displayUpdateControl2, [sequence])
        try bus.command(SSD168xCommand.masterActivation)
        try waitWhileBusy(operation)
    }

    private func enterDeepSleep() throws {
        try bus.command(SSD168xCommand.deepSleep, [0x01])
        awake = false
    }

    private func waitWhileBusy(_ operation: String) throws {
        // BUSY can take a few hundred nanoseconds to rise after a command.
        bus.pause(.microseconds(100))
        try bus.waitWhileBusy(BusyWait(busyLevelHigh: true, timeout: busyTimeout, operation: operation))
    }
}
