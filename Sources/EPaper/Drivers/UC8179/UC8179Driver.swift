import InkUI

/// Driver for the Waveshare 7.5" V2 and 7.5" (B) V2 (UC8179, 800×480).
///
/// BUSY is low while busy, and the driver sends get-status (0x71) on every poll while it waits, as
/// Waveshare's Python driver and ESPHome do. CDI (0x50) always has DDX = 01. Deep sleep loses the RAM, so
/// every refresh writes both planes. In KW mode (black and white) both take bit 1 = white, N2OCP = 1, and
/// the image on screen goes to OLD (0x10), the new one to NEW (0x13). In KWR mode (black, white and red)
/// DTM1 (0x10) takes the black-and-white plane and DTM2 (0x13) the red one, bit 1 = red. Partial
/// refreshes (KW mode only) use the OTP waveform selected by a forced 110 °C (0xE5 6E) inside a
/// byte-aligned partial window (0x90) whose end is computed on the whole 16-bit value (Waveshare's C code
/// subtracts 1 from the low byte only).
final class UC8179Driver: PanelDriver {
    static let nativeSize = PixelSize(width: 800, height: 480)

    let layout: PanelLayout
    private let panel: UC8179Panel
    private let bus: any PanelBus
    private let busyTimeout: Duration
    /// The image on screen in native layout, known after a successful refresh.
    private var shown: Frame?
    private var awake = true

    init(panel: UC8179Panel, bus: any PanelBus, rotation: PanelRotation, busyTimeout: Duration) {
        self.panel = panel
        self.bus = bus
        self.busyTimeout = busyTimeout
        self.layout = PanelLayout(
            orientation: PanelOrientation(nativeSize: UC8179Driver.nativeSize, rotation: rotation), capability: panel.capability,
            features: panel.features, windowAlignment: 8)
    }

    func refresh(_ request: PanelRefresh) throws {
        try layout.check(request, panel: panel.model.rawValue, hasPartialBase: shown != nil)
        let native = layout.orientation.nativeFrame(request.frame)
        let previous = shown
        shown = nil
        try wake(for: request.kind)
        switch request.kind {
        case .full, .fast:
            let window = PixelRect(origin: .zero, size: UC8179Driver.nativeSize)
            let bytes = RAMImage.whiteIsOne(native, window: window)
            if panel.capability == .blackWhiteRed {
                try bus.command(UC8179Command.blackWhiteData, bytes)
                try bus.command(UC8179Command.redData, RAMImage.redIsOne(native, window: window))
            } else {
                try bus.command(UC8179Command.oldData, previous.map { RAMImage.whiteIsOne($0, window: window) } ?? bytes)
                try bus.command(UC8179Command.newData, bytes)
            }
            try displayRefresh("\(request.kind) refresh")
        case .partial:
            guard let previous else { throw PanelFrameError("panel \(panel.model.rawValue): no image on screen to refresh from") }
            let window = layout.nativeWindow(for: request.window ?? request.frame.bounds)
            let left = window.minX, right = window.maxX - 1, top = window.minY, bottom = window.maxY - 1
            try bus.command(UC8179Command.partialIn)
            try bus.command(UC8179Command.partialWindow, [
                UInt8(left >> 8), UInt8(left & 0xFF), UInt8(right >> 8), UInt8(right & 0xFF),
                UInt8(top >> 8), UInt8(top & 0xFF), UInt8(bottom >> 8), UInt8(bottom & 0xFF), 0x01,
            ])
            try bus.command(UC8179Command.oldData, RAMImage.whiteIsOne(previous, window: window))
            try bus.command(UC8179Command.newData, RAMImage.whiteIsOne(native, window: window))
            try displayRefresh("partial refresh")
            try bus.command(UC8179Command.partialOut)
        }
        try enterDeepSleep()
        shown = native
    }

    func sleep() throws {
        guard awake else { return }
        // After a reset the charge pumps are off, so deep sleep needs no power-off first.
        try bus.reset(panel.resetPulse)
        try bus.command(UC8179Command.deepSleep, [UC8179Command.deepSleepCheck])
        awake = false
    }

    func close() {
        try? sleep()
        try? bus.setPower(false)
        bus.release()
    }

    private func wake(for kind: RefreshKind) throws {
        try bus.setPower(true)
        try bus.reset(panel.resetPulse)
        awake = true
        try waitWhileBusy("reset")
        try bus.command(UC8179Command.powerSetting, [0x07, 0x07, 0x3F, 0x3F])
        try bus.command(UC8179Command.boosterSoftStart, kind == .fast ? [0x27, 0x27, 0x18, 0x17] : [0x17, 0x17, 0x28, 0x17])
        try bus.command(UC8179Command.powerOn)
        try waitWhileBusy("power on")
        try bus.command(UC8179Command.panelSetting, [panel.panelSetting])
        try bus.command(UC8179Command.resolution, [0x03, 0x20, 0x01, 0xE0])
        try bus.command(UC8179Command.dualSPI, [0x00])
        // CDI: DDX = 01; for partial refreshes BDZ = 1 (border floating) and N2OCP = 1.
        try bus.command(UC8179Command.vcomAndDataInterval, [kind == .partial ? 0xA9 : panel.dataInterval, 0x07])
        try bus.command(UC8179Command.tcon, [0x22])
        switch kind {
        case .full:
            break
        case .fast:
            try bus.command(UC8179Command.cascade, [0x02])
            try bus.command(UC8179Command.forceTemperature, [0x5A])
        case .partial:
            try bus.command(UC8179Command.cascade, [0x02])
            try bus.command(UC8179Command.forceTemperature, [0x6E])
        }
    }

    private func displayRefresh(_ operation: String) throws {
        try bus.command(UC8179Command.displayRefresh)
        try waitWhileBusy(operation)
    }

    private func enterDeepSleep() throws {
        // CDI with the border floating, then power off before deep sleep.
        try bus.command(UC8179Command.vcomAndDataInterval, [0xF7])
        try bus.command(UC8179Command.powerOff)
        try waitWhileBusy("power off")
        try bus.command(UC8179Command.deepSleep, [UC8179Command.deepSleepCheck])
        awake = false
    }

    private func waitWhileBusy(_ operation: String) throws {
        // BUSY takes up to 200 µs to fall after a command.
        bus.pause(.milliseconds(1))
        try bus.waitWhileBusy(BusyWait(
            busyLevelHigh: false, timeout: busyTimeout, statusCommand: UC8179Command.getStatus,
            pollInterval: .milliseconds(20), operation: operation))
    }
}
