import HubSystem
public import EPaper
import CGPIOD

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Lines of one GPIO chip requested through libgpiod (v1 or v2, whichever the shim was built
/// against), with a consumer name the kernel shows to other processes. Released on `release()` or
/// when the object goes away.
public final class GPIOLines {
    /// Pull resistor for input lines.
    public enum Bias: Sendable {
        case asIs, disabled, pullUp, pullDown
    }

    /// The libgpiod API major version the shim was compiled against (1 on Debian 12, 2 on current
    /// Raspberry Pi OS).
    public static var apiMajorVersion: Int { Int(cgpiod_api_major()) }
    /// The version of the libgpiod library in use ("1.6.3").
    public static var libraryVersion: String { String(cString: cgpiod_library_version()) }

    /// The chip the lines belong to.
    public let chip: String
    /// The requested line numbers.
    public let lines: [UInt32]
    private var request: OpaquePointer?

    private init(chip: String, lines: [UInt32], request: OpaquePointer) {
        self.chip = chip
        self.lines = lines
        self.request = request
    }

    deinit { release() }

    /// Requests lines as outputs driven to their initial levels.
    public static func outputs(
        chip: String, lines: [(line: UInt32, initiallyHigh: Bool)], consumer: String
    ) throws -> GPIOLines {
        let offsets = lines.map(\.line)
        let values = lines.map { Int32($0.initiallyHigh ? 1 : 0) }
        var error: Int32 = 0
        guard let request = cgpiod_request_outputs(chip, consumer, offsets, values, offsets.count, &error) else {
            throw requestError(chip: chip, lines: offsets, errno: error)
        }
        return GPIOLines(chip: chip, lines: offsets, request: request)
    }

    /// Requests lines as inputs with edge events on both edges.
    public static func inputs(chip: String, lines: [UInt32], bias: Bias, consumer: String) throws -> GPIOLines {
        var error: Int32 = 0
        let cBias: cgpiod_bias = switch bias {
        case .asIs: CGPIOD_BIAS_AS_IS
        case .disabled: CGPIOD_BIAS_DISABLED
        case .pullUp: CGPIOD_BIAS_PULL_UP
        case .pullDown: CGPIOD_BIAS_PULL_DOWN
        }
        guard let request = cgpiod_request_inputs(chip, consumer, lines, lines.count, cBias, &error) else {
            throw requestError(chip: chip, lines: lines, errno: error)
        }
        return GPIOLines(chip: chip, lines: lines, request: request)
    }

    /// Drives an output line.
    public func set(_ line: UInt32, high: Bool) throws {
        let result = cgpiod_set_value(try active(), line, high ? 1 : 0)
        if result < 0 { throw failure("set GPIO \(line) on \(chip)", -result) }
    }

    /// Reads a line's level.
    public func isHigh(_ line: UInt32) throws -> Bool {
        let result = cgpiod_get_value(try active(), line)
        if result < 0 { throw failure("read GPIO \(line) on \(chip)", -result) }
        return result == 1
    }

    /// Blocks in the library's event wait until an edge is pending or the timeout passes.
    /// - Returns: `true` when edges are pending (read them with `readEdges()`).
    public func waitForEdges(timeout: Duration) throws -> Bool {
        let components = timeout.components
        let nanoseconds = max(0, components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000)
        let result = cgpiod_wait_events(try active(), nanoseconds)
        if result < 0 { throw failure("wait for edges on \(chip)", -result) }
        return result == 1
    }

    /// Reads every pending edge without blocking.
    public func readEdges() throws -> [GPIOEdge] {
        let request = try active()
        var edges: [GPIOEdge] = []
        var buffer = [cgpiod_event](repeating: cgpiod_event(), count: 16)
        while true {
            let count = cgpiod_read_events(request, &buffer, buffer.count)
            if count < 0 { throw failure("read edges on \(chip)", -count) }
            edges += buffer[0..<Int(count)].map { GPIOEdge(line: $0.offset, rising: $0.rising != 0) }
            if Int(count) < buffer.count { return edges }
        }
    }

    /// Gives the lines back to the kernel. Safe to call twice.
    public func release() {
        if let request { cgpiod_release(request) }
        request = nil
    }

    private func active() throws -> OpaquePointer {
        guard let request else {
            throw PanelHardwareError(.gpioFailed, "GPIO lines \(lines) on \(chip) were used after release")
        }
        return request
    }

    private func failure(_ action: String, _ code: Int32) -> PanelHardwareError {
        PanelHardwareError(.gpioFailed, "could not \(action): \(SystemError.reason(for: code))", systemError: code)
    }

    /// The consumer name the kernel reports for a line, `nil` when it is free or unknown.
    static func consumer(chip: String, line: UInt32) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        guard cgpiod_line_consumer(chip, line, &buffer, buffer.count) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }

    static func requestError(chip: String, lines: [UInt32], errno code: Int32) -> PanelHardwareError {
        let list = lines.map(String.init).joined(separator: ", ")
        switch code {
        case ENOENT:
            return PanelHardwareError(
                .gpioChipMissing,
                "\(chip) does not exist: set gpio.chip in the panel configuration to a chip `gpiodetect` lists (the 40-pin header is /dev/gpiochip0 on a Raspberry Pi with a current kernel)",
                systemError: code)
        case EACCES, EPERM:
            return PanelHardwareError(
                .gpioPermissionDenied,
                "permission denied opening \(chip): add the service user to the `gpio` group (`sudo usermod -aG gpio weatherhub`) or install the udev rule from deploy/, then restart the service",
                systemError: code)
        case ENOTTY, ENODEV:
            return PanelHardwareError(
                .notGPIOChip,
                "\(chip) is not a GPIO chip (\(SystemError.reason(for: code))): set gpio.chip to a /dev/gpiochipN device",
                systemError: code)
        case EBUSY:
            let holders = lines.compactMap { line in consumer(chip: chip, line: line).map { "GPIO \(line) by \"\($0)\"" } }
            let who = holders.isEmpty ? "another process or a kernel driver" : holders.joined(separator: ", ")
            return PanelHardwareError(
                .gpioLineBusy,
                "GPIO \(list) on \(chip) already in use (\(who)): stop the other user (`gpioinfo` shows consumers) or change the panel's line numbers",
                systemError: code)
        case EINVAL:
            return PanelHardwareError(
                .gpioLineInvalid,
                "\(chip) has no line \(list) or refused the request (\(SystemError.reason(for: code))): check the line numbers (BCM numbering)",
                systemError: code)
        default:
            return PanelHardwareError(
                .gpioFailed, "could not request GPIO \(list) on \(chip): \(SystemError.reason(for: code))", systemError: code)
        }
    }
}
