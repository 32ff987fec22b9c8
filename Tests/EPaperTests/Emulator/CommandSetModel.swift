import EPaper
import InkUI

/// Where a controller is in its life: it ignores SPI until a RST pulse after power-up or deep sleep.
enum ControllerPhase: Sendable, Hashable {
    case poweredUp
    case deepSleep
    case awake
}

/// How many data bytes follow a command.
enum ParameterSpec: Sendable, Hashable {
    case exactly(Int)
    case between(ClosedRange<Int>)
    case oneOf(Set<Int>)
    /// RAM data: any length, checked against the window when the next command ends it.
    case stream
}

/// The command currently receiving data.
struct CurrentCommand: Sendable {
    var opcode: UInt8
    var spec: ParameterSpec?
    var parameters: [UInt8] = []
    var streamed = 0
    var offset: Int
    var executed = false
}

/// A controller family's behaviour behind the byte framing the emulator shares: commands end at the
/// next D/C-low byte, fixed-length commands take effect with their last parameter, others when the next
/// command arrives.
protocol CommandSetModel: Sendable {
    /// The controller of `model`'s panel, just powered up.
    init(model: PanelModel)
    static var parameterSpecs: [UInt8: ParameterSpec] { get }
    /// Commands the controller accepts while BUSY is asserted.
    static var allowedWhileBusy: Set<UInt8> { get }
    /// BUSY level that means busy.
    var busyLevelHigh: Bool { get }
    var phase: ControllerPhase { get set }
    var current: CurrentCommand? { get set }
    var busyUntil: Duration { get }
    /// The image on screen, native layout, `nil` until the first refresh.
    var displayedImage: Frame? { get }
    var refreshes: [EmulatedRefresh] { get }

    mutating func hardwareReset(log: inout EmulatorLog)
    mutating func supply(on: Bool, log: inout EmulatorLog)
    mutating func execute(_ command: CurrentCommand, log: inout EmulatorLog)
    mutating func beginStream(_ opcode: UInt8, log: inout EmulatorLog)
    mutating func stream(_ bytes: UnsafeRawBufferPointer, log: inout EmulatorLog)
    mutating func endStream(_ command: CurrentCommand, log: inout EmulatorLog)
    /// End-of-test checks (a refresh left without deep sleep).
    func finish(log: inout EmulatorLog)
}

extension CommandSetModel {
    mutating func command(_ opcode: UInt8, log: inout EmulatorLog) {
        completeCurrent(log: &log)
        guard phase == .awake else {
            log.violate(.resetBeforeUse, "command \(opcode.hex) while the controller is in \(phase) and ignores SPI")
            return
        }
        guard let spec = Self.parameterSpecs[opcode] else {
            log.violate(.unknownOpcode, "undefined command \(opcode.hex)")
            current = CurrentCommand(opcode: opcode, spec: nil, offset: log.offset)
            return
        }
        var started = CurrentCommand(opcode: opcode, spec: spec, offset: log.offset)
        current = started
        switch spec {
        case .exactly(0):
            started.executed = true
            current = started
            execute(started, log: &log)
        case .stream:
            beginStream(opcode, log: &log)
        default:
            break
        }
    }

    mutating func data(_ bytes: UnsafeRawBufferPointer, log: inout EmulatorLog) {
        guard phase == .awake else {
            log.violate(.resetBeforeUse, "\(bytes.count) data bytes while the controller is in \(phase)")
            return
        }
        guard var command = current, let spec = command.spec else {
            if current == nil { log.violate(.dataWithoutCommand, "\(bytes.count) data bytes before any command") }
            return
        }
        switch spec {
        case .stream:
            command.streamed += bytes.count
            current = command
            stream(bytes, log: &log)
        case .exactly(let count):
            guard !command.executed, command.parameters.count + bytes.count <= count else {
                log.violate(.dataWithoutCommand, "command \(command.opcode.hex) takes \(count) parameter bytes, got more")
                return
            }
            command.parameters += bytes
            if command.parameters.count == count {
                command.executed = true
                current = command
                execute(command, log: &log)
            } else {
                current = command
            }
        case .between, .oneOf:
            command.parameters += bytes
            current = command
        }
    }

    /// Ends the command receiving data: checks its parameter count and runs it if it was waiting.
    mutating func completeCurrent(log: inout EmulatorLog) {
        guard let command = current else { return }
        current = nil
        guard let spec = command.spec else { return }
        let count = command.parameters.count
        switch spec {
        case .stream:
            endStream(command, log: &log)
        case .exactly(let expected):
            if count != expected {
                log.violate(.parameterCount, "command \(command.opcode.hex) needs \(expected) parameter bytes, got \(count)", at: command.offset)
            }
        case .between(let range):
            if range.contains(count) {
                execute(command, log: &log)
            } else {
                log.violate(.parameterCount, "command \(command.opcode.hex) needs \(range) parameter bytes, got \(count)", at: command.offset)
            }
        case .oneOf(let counts):
            if counts.contains(count) {
                execute(command, log: &log)
            } else {
                log.violate(.parameterCount, "command \(command.opcode.hex) needs one of \(counts.sorted()) parameter bytes, got \(count)", at: command.offset)
            }
        }
    }
}

/// Deterministic garbage for RAM whose content is undefined (power-up, or deep sleep on UC8179).
func undefinedRAM(count: Int, seed: UInt8) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37) ^ seed }
}

/// A native-layout frame from canonical RAM planes (black and white with bit 1 = white; red, when the
/// panel has it, with bit 1 = red), cropped to the visible width. It is built from the plane bytes as they
/// are, so a black bit left under a red pixel makes it differ from a frame drawn pixel by pixel.
func frameFromRAM(whiteIsOne: [UInt8], redIsOne: [UInt8]? = nil, bytesPerRow: Int, size: PixelSize) -> Frame {
    let capability: ColorCapability = redIsOne == nil ? .monochrome : .blackWhiteRed
    let rowBytes = Frame.bytesPerRow(width: size.width, capability: capability)
    func rows(_ plane: [UInt8], _ transform: (UInt8) -> UInt8) -> [UInt8] {
        (0..<size.height).flatMap { y in plane[(y * bytesPerRow)..<(y * bytesPerRow + rowBytes)].map(transform) }
    }
    let bytes = rows(whiteIsOne) { ~$0 } + (redIsOne.map { rows($0) { $0 } } ?? [])
    guard let frame = Frame(size: size, capability: capability, bytes: bytes) else {
        preconditionFailure("RAM rows of \(bytesPerRow) bytes do not hold a \(size) frame")
    }
    return frame
}
