/// Panel lines whose actions go to a trace.
final class TracedPanelLines: PanelLines {
    private let base: any PanelLines
    private let recorder: PanelTraceRecorder

    init(_ base: any PanelLines, recorder: PanelTraceRecorder) {
        self.base = base
        self.recorder = recorder
    }

    func set(_ line: PanelOutputLine, high: Bool) throws {
        let name = switch line {
        case .reset: "rst"
        case .dataCommand: "dc"
        case .power: "pwr"
        }
        recorder.record("gpio \(name)=\(high ? 1 : 0)")
        if line == .dataCommand { recorder.dataCommandHigh = high }
        try base.set(line, high: high)
    }

    func isBusyHigh() throws -> Bool {
        let high = try base.isBusyHigh()
        recorder.record("read busy=\(high ? 1 : 0)")
        return high
    }

    func waitForBusyEdge(timeout: Duration) throws -> Bool {
        let edge = try base.waitForBusyEdge(timeout: timeout)
        recorder.record("wait busy timeout=\(PanelTraceRecorder.seconds(timeout)) \(edge ? "edge" : "timeout")")
        return edge
    }

    func release() {
        recorder.record("gpio release")
        base.release()
    }
}
