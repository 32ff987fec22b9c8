public import Logging
import InkUI

extension PanelDevice {
    /// Opens the panel a profile describes: the spidev node and GPIO lines for a real panel (with the
    /// trace recorder when `tracePath` is set), or the simulated panel writing images under
    /// `<stateDirectory>/panel/` (`latest.png` and `history/`) through `imageWriter`.
    /// - Throws: `PanelHardwareError` saying how to fix SPI, GPIO or permissions.
    public static func open(
        profile: PanelProfile, stateDirectory: String, imageWriter: any FrameImageWriter = PNGFrameImageWriter(),
        logger: Logger
    ) throws -> PanelDevice {
        if profile.model == .simulated {
            let panel = try SimulatedPanel(
                settings: profile.simulated, rotation: profile.rotation, directory: stateDirectory + "/panel",
                writer: imageWriter, logger: logger)
            return PanelDevice(name: profile.name, driver: panel)
        }
        let clock = SystemBlockingClock()
        var spi: any SPITransport = try SPIBus(settings: profile.spi)
        var lines: any PanelLines = try GPIOPanelLines(wiring: profile.wiring, consumer: profile.consumer)
        if let tracePath = profile.tracePath {
            let recorder = try PanelTraceRecorder(path: tracePath, clock: clock, description: profile.traceDescription(bufferSize: spi.maximumTransferSize))
            spi = recorder.recording(spi)
            lines = recorder.recording(lines)
            logger.info("recording the panel trace", metadata: ["panel.trace.path": "\(tracePath)"])
        }
        let bus = WiredPanelBus(
            spi: spi, lines: lines, clock: clock,
            label: WiredPanelBus.Label(panel: profile.name, busyLine: profile.wiring.busy, chip: profile.wiring.chip))
        logger.info(
            "panel opened",
            metadata: [
                "panel.model": "\(profile.name)", "panel.spi.device": "\(profile.spi.device)",
                "panel.spi.bufsiz": "\(spi.maximumTransferSize)", "panel.gpio.chip": "\(profile.wiring.chip)",
                "panel.gpio.libgpiod": "\(GPIOLines.libraryVersion)",
            ])
        return PanelDevice(name: profile.name, driver: try profile.makeDriver(bus: bus), clock: clock)
    }
}

extension PanelProfile {
    /// The controller driver for this profile's model over any bus (real, traced or emulated).
    /// - Throws: `PanelFrameError` for the simulated model, which has no controller.
    public func makeDriver(bus: any PanelBus) throws -> any PanelDriver {
        if let panel = SSD168xPanel.forModel(model) {
            return SSD168xDriver(
                panel: panel, bus: bus, rotation: rotation, busyTimeout: busyTimeout, hostPartialWaveform: hostPartialWaveform)
        }
        guard let panel = UC8179Panel.forModel(model) else {
            throw PanelFrameError("the simulated panel has no controller driver: open it with PanelDevice.open")
        }
        return UC8179Driver(panel: panel, bus: bus, rotation: rotation, busyTimeout: busyTimeout)
    }

    func traceDescription(bufferSize: Int) -> String {
        let power = wiring.power.map { " pwr=\($0)" } ?? ""
        return "panel=\(name) rotation=\(rotation.rawValue) spi=\(spi.device) speed=\(spi.speedHz) bufsiz=\(bufferSize) "
            + "chip=\(wiring.chip) rst=\(wiring.reset) dc=\(wiring.dataCommand) busy=\(wiring.busy)\(power)"
    }
}
