public import EPaper
import InkUI
public import Logging

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
