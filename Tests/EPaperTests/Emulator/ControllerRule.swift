/// The controller rules the emulators check (section 6 of the protocol notes), each named in a
/// violation together with the byte offset in the SPI stream.
enum ControllerRule: String, Sendable, Hashable {
    case resetBeforeUse = "R1 reset before use (after power-up or deep sleep the first thing must be a RST pulse)"
    case softwareResetFirst = "R1 SWRESET (0x12) before configuration after a wake"
    case resetPulse = "R1 RST low for at least 1 ms"
    case trafficWhileBusy = "R2 no SPI traffic while BUSY is asserted (UC8179 0x71 excepted)"
    case parameterCount = "R3 parameter count"
    case dataWithoutCommand = "R3 data bytes only after a command that takes data"
    case deepSleepCheckCode = "R3 UC8179 deep sleep (0x07) needs the check code 0xA5"
    case unknownOpcode = "R4 known opcodes only"
    case ramWindow = "R5 RAM window and address counter inside the RAM"
    case ramWriteSize = "R5 RAM write size equals the window area"
    case updateWithoutRAMWrite = "R6 refresh only after a RAM write"
    case updateSequence = "R6 a valid update sequence with a loaded waveform"
    case differentialBase = "R7 a differential refresh needs the image on screen in the old RAM"
    case sleepAfterRefresh = "R8 deep sleep soon after every refresh"
    case powerSequence = "power on before a refresh, power off before deep sleep"
    case configuration = "registers set for the panel before a refresh"
    case transferSize = "SPI transfers within spidev's bufsiz"
}

/// One broken rule, where and when.
struct ControllerViolation: Sendable, Hashable, CustomStringConvertible {
    var rule: ControllerRule
    /// Offset of the byte in the whole SPI stream since the emulator started.
    var offset: Int
    var time: Duration
    var message: String

    var description: String { "\(rule.rawValue) at byte \(offset) (t=\(time)): \(message)" }
}

/// What a model sees besides the byte: when and where it arrived, and where to report violations.
struct EmulatorLog: Sendable {
    var time: Duration = .zero
    var offset = 0
    var violations: [ControllerViolation] = []

    mutating func violate(_ rule: ControllerRule, _ message: String, at offset: Int? = nil) {
        violations.append(ControllerViolation(rule: rule, offset: offset ?? self.offset, time: time, message: message))
    }
}

/// One refresh as the emulated panel ran it.
struct EmulatedRefresh: Sendable, Hashable {
    enum Kind: String, Sendable { case full, fast, partial }

    var kind: Kind
    var start: Duration
    var end: Duration
    /// When deep sleep followed, `nil` while it has not.
    var sleptAt: Duration?
}

/// The time a controller's waveforms take, by refresh kind.
protocol RefreshDurations {
    var fullRefresh: Duration { get }
    var fastRefresh: Duration { get }
    var partialRefresh: Duration { get }
}

extension RefreshDurations {
    func duration(of kind: EmulatedRefresh.Kind) -> Duration {
        switch kind {
        case .full: fullRefresh
        case .fast: fastRefresh
        case .partial: partialRefresh
        }
    }
}

/// One command as it went over the wire: the opcode, its parameters, and for RAM data only the count.
struct SentCommand: Sendable, Hashable, CustomStringConvertible {
    var opcode: UInt8
    var parameters: [UInt8] = []
    var streamed: Int?

    /// "01 F9 00 00", or "24 ×4000" for a RAM write.
    var description: String {
        let hex = { (byte: UInt8) in String(byte.hex.dropFirst(2)) }
        let rest = streamed.map { ["×\($0)"] } ?? parameters.map(hex)
        return ([hex(opcode)] + rest).joined(separator: " ")
    }
}

extension UInt8 {
    var hex: String { "0x" + (self < 16 ? "0" : "") + String(self, radix: 16, uppercase: true) }
}
