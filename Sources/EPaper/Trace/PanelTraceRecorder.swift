#if canImport(Glibc)
import HubSystem
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

    /// The trace file.
    public let path: String
    private let clock: any BlockingClock
    private let origin: Duration
    private var file: UnsafeMutablePointer<FILE>?
    /// The D/C level last driven, which the next SPI transfer goes out with.
    var dataCommandHigh = false

    /// Creates (or truncates) the trace file and writes the header.
    /// - Parameter description: one line about the panel and its wiring, written as a comment.
    public init(path: String, clock: any BlockingClock, description: String) throws {
        guard let file = fopen(path, "w") else {
            let code = errno
            throw PanelHardwareError(
                .gpioFailed, "cannot write the panel trace to \(path): \(SystemError.reason(for: code)); fix panel.trace",
                systemError: code)
        }
        self.path = path
        self.file = file
        self.clock = clock
        self.origin = clock.now
        write(PanelTraceRecorder.formatLine)
        write("# " + String(description.map { $0.isNewline ? " " : $0 }))
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

    /// Writes one event line stamped with the time since the recorder started.
    func record(_ event: String) {
        let elapsed = clock.now - origin
        write(PanelTraceRecorder.seconds(elapsed) + " " + event)
    }

    static func seconds(_ duration: Duration) -> String {
        let components = duration.components
        let micros = components.seconds * 1_000_000 + components.attoseconds / 1_000_000_000_000
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
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
