public import EPaper

/// `PanelLines` on real GPIO lines through libgpiod: RST, D/C and PWR as outputs, BUSY as an input
/// with edge events (no pull: the panel drives it).
public final class GPIOPanelLines: PanelLines {
    /// The lines in use.
    public let wiring: PanelWiring
    private let outputs: GPIOLines
    private let busy: GPIOLines

    /// Requests the lines with `consumer` as the name `gpioinfo` shows. RST starts high (not in
    /// reset), D/C low, PWR high (panel supplied).
    public init(wiring: PanelWiring, consumer: String = "weatherhub") throws {
        var outputLines: [(line: UInt32, initiallyHigh: Bool)] = [(wiring.reset, true), (wiring.dataCommand, false)]
        if let power = wiring.power { outputLines.append((power, true)) }
        let outputs = try GPIOLines.outputs(chip: wiring.chip, lines: outputLines, consumer: consumer)
        self.busy = try GPIOLines.inputs(chip: wiring.chip, lines: [wiring.busy], bias: .disabled, consumer: consumer)
        self.outputs = outputs
        self.wiring = wiring
    }

    public func set(_ line: PanelOutputLine, high: Bool) throws {
        switch line {
        case .reset: try outputs.set(wiring.reset, high: high)
        case .dataCommand: try outputs.set(wiring.dataCommand, high: high)
        case .power: if let power = wiring.power { try outputs.set(power, high: high) }
        }
    }

    public func isBusyHigh() throws -> Bool {
        try busy.isHigh(wiring.busy)
    }

    public func waitForBusyEdge(timeout: Duration) throws -> Bool {
        guard try busy.waitForEdges(timeout: timeout) else { return false }
        _ = try busy.readEdges()
        return true
    }

    public func release() {
        busy.release()
        outputs.release()
    }
}
