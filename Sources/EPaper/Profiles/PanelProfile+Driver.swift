import InkUI

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

    /// The trace file's header line: the panel, its rotation and every line and link it uses.
    public func traceDescription(bufferSize: Int) -> String {
        let power = wiring.power.map { " pwr=\($0)" } ?? ""
        return "panel=\(name) rotation=\(rotation.rawValue) spi=\(spi.device) speed=\(spi.speedHz) bufsiz=\(bufferSize) "
            + "chip=\(wiring.chip) rst=\(wiring.reset) dc=\(wiring.dataCommand) busy=\(wiring.busy)\(power)"
    }
}
