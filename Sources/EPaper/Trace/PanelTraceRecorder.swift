#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Records every SPI transfer (with its D/C level) and every GPIO action of a panel to a text file,
/// one line per event, for debugging wiring on a real board. The format is documented in
/// `hardware/README.md` ("Trace format"):
///
/// ```
/// # weatherhub panel trace 1
/// # <free text describing the panel and its wiring>
/// 0.000000 gpio rst=1
/// 0.022103 spi dc=0 n=1 12
/// 0.022110 read busy=1
/// 0.022112 wait busy timeout=30.000000 edge
/// 0.031000 spi dc=1 n=3 f90000
/// ```
public final class PanelTraceRecorder {
    /// The first line of every trace file.
    public static let formatLine = "# weatherhub panel trace 1"

    public let path: String
    private let clock: any BlockingClock
    private let origin: Duration
    private var file: UnsafeMutablePointer<FILE>?
    fileprivate var dataCommandHigh = false

    /// Creates (or truncates) the trace file and writes the header.
    /// - Parameter description: one line about the panel and its wiring, written as a comment.
    public init(path: String, clock: any BlockingClock, description: String) throws {
        guard let file = fopen(path, "w") else {
            let code = errno
            throw PanelHardwareError(
                .gpioFailed, "cannot write the panel trace to \(path): \(systemErrorText(code)); fix panel.trace",
                systemError: code)
        }
        self.path = path
        self.file = file
        self.clock = clock
        self.origin = clock.now
        write(PanelTraceRecorder.formatLine)
        write("# " + description.replacingNewlines())
    }

    deinit { close() }

    /// Wraps an SPI link so its transfers are recorded.
    public func recording(_ spi: any SPITransport) -> any SPITransport {
        TracedSPITransport(spi, recorder: self)
    }

    /// Wraps panel lines so their actions are recorded.
    public func recording(_ lines: any PanelLines) -> any PanelLines {
        TracedPanelLines(lines, recorder: self)
    }

    /// Flushes and closes the file.
    public func close() {
        if let file { fclose(file) }
        file = nil
    }

    fileprivate func record(_ event: String) {
        let elapsed = clock.now - origin
        write(PanelTraceRecorder.seconds(elapsed) + " " + event)
    }

    fileprivate static func seconds(_ duration: Duration) -> String {
        let components = duration.components
        let micros = components.seconds * 1_000_000 + components.attoseconds / 1_000_000_000_000
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    fileprivate static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private func write(_ line: String) {
        guard let file else { return }
        fputs(line + "\n", file)
        fflush(file)
    }
}

private final class TracedSPITransport: SPITransport {
    private let base: any SPITransport
    private let recorder: PanelTraceRecorder

    init(_ base: any SPITransport, recorder: PanelTraceRecorder) {
        self.base = base
        self.recorder = recorder
    }

    var maximumTransferSize: Int { base.maximumTransferSize }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        recorder.record("spi dc=\(recorder.dataCommandHigh ? 1 : 0) n=\(bytes.count) \(PanelTraceRecorder.hex(bytes))")
        try base.write(bytes)
    }

    func close() {
        recorder.record("spi close")
        base.close()
    }
}

private final class TracedPanelLines: PanelLines {
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

extension String {
    fileprivate func replacingNewlines() -> String {
        String(map { $0.isNewline ? " " : $0 })
    }
}
