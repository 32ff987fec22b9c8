import EPaper
import InkUI

/// An SSD1680/SSD1683 as the protocol notes describe it: BUSY high while busy, RAM addressed through a
/// window and counter in bytes × gate lines, BW RAM (0x24) bit 1 = white, RED RAM (0x26) as the
/// previous image for display mode 2 (black-and-white panels) or the red plane read through 0x21's RED
/// option (three-colour panels, bit 1 = red when read as is), RAM kept through SWRESET, reset and deep
/// sleep mode 1, lost when the supply is cut.
struct SSD168xModel: CommandSetModel {
    /// What differs between the panels, from the notes (sizes, OTP waveforms, GxEPD2's measured times).
    /// The three-colour panels are modelled with their full waveform only: WeatherHub uses no other on
    /// them (Waveshare's 2.9" (B) V4 code also has a forced-temperature one, which is not modelled).
    struct Facts: RefreshDurations, Sendable {
        var visibleWidth: Int
        var gates: Int
        /// The RED RAM is a colour plane shown by the full waveform.
        var threeColour = false
        var lutSizes: Set<Int>
        var otpHasPartialWaveform: Bool
        var otpHasFastWaveform: Bool
        var fullRefresh: Duration
        var fastRefresh: Duration
        var partialRefresh: Duration
        var powerOn: Duration
        var powerOff: Duration

        var ramBytesPerRow: Int { (visibleWidth + 7) / 8 }

        static func of(_ model: PanelModel) -> Facts {
            switch model {
            case .waveshare2in13V4:
                Facts(visibleWidth: 122, gates: 250, lutSizes: [153], otpHasPartialWaveform: true, otpHasFastWaveform: true,
                      fullRefresh: .milliseconds(1620), fastRefresh: .milliseconds(1000), partialRefresh: .milliseconds(460),
                      powerOn: .milliseconds(95), powerOff: .milliseconds(140))
            case .waveshare2in9V2:
                Facts(visibleWidth: 128, gates: 296, lutSizes: [153], otpHasPartialWaveform: false, otpHasFastWaveform: false,
                      fullRefresh: .milliseconds(4000), fastRefresh: .milliseconds(4000), partialRefresh: .milliseconds(740),
                      powerOn: .milliseconds(96), powerOff: .milliseconds(140))
            case .waveshare2in7V2:
                Facts(visibleWidth: 176, gates: 264, lutSizes: [153], otpHasPartialWaveform: true, otpHasFastWaveform: true,
                      fullRefresh: .milliseconds(1630), fastRefresh: .milliseconds(1000), partialRefresh: .milliseconds(460),
                      powerOn: .milliseconds(96), powerOff: .milliseconds(141))
            case .waveshare4in2V2:
                Facts(visibleWidth: 400, gates: 300, lutSizes: [153, 227], otpHasPartialWaveform: true, otpHasFastWaveform: true,
                      fullRefresh: .milliseconds(1140), fastRefresh: .milliseconds(1500), partialRefresh: .milliseconds(360),
                      powerOn: .milliseconds(96), powerOff: .milliseconds(268))
            // GxEPD2's measurements: GDEY0213Z98 14.59 s, GDEH029Z13 (290_C90c) 26.13 s, GDEY042Z98 22.78 s.
            case .waveshare2in13bV4:
                threeColour(visibleWidth: 122, gates: 250, fullRefresh: .milliseconds(14_590), powerOn: .milliseconds(95), powerOff: .milliseconds(140))
            case .waveshare2in9bV4:
                threeColour(visibleWidth: 128, gates: 296, fullRefresh: .milliseconds(26_130), powerOn: .milliseconds(95), powerOff: .milliseconds(140))
            case .waveshare4in2bV2:
                threeColour(visibleWidth: 400, gates: 300, fullRefresh: .milliseconds(22_780), powerOn: .milliseconds(82), powerOff: .milliseconds(222))
            case .waveshare7in5V2, .waveshare7in5bV2, .simulated:
                preconditionFailure("\(model.rawValue) has no SSD168x controller")
            }
        }

        private static func threeColour(visibleWidth: Int, gates: Int, fullRefresh: Duration, powerOn: Duration, powerOff: Duration) -> Facts {
            Facts(visibleWidth: visibleWidth, gates: gates, threeColour: true, lutSizes: [], otpHasPartialWaveform: false,
                  otpHasFastWaveform: false, fullRefresh: fullRefresh, fastRefresh: fullRefresh, partialRefresh: fullRefresh,
                  powerOn: powerOn, powerOff: powerOff)
        }
    }

    static let parameterSpecs: [UInt8: ParameterSpec] = [
        0x01: .exactly(3), 0x03: .exactly(1), 0x04: .exactly(3), 0x0C: .exactly(4), 0x10: .exactly(1), 0x11: .exactly(1),
        0x12: .exactly(0), 0x18: .exactly(1), 0x1A: .between(1...2), 0x20: .exactly(0), 0x21: .exactly(2), 0x22: .exactly(1),
        0x24: .stream, 0x26: .stream, 0x2C: .exactly(1), 0x32: .oneOf([153, 227]), 0x37: .exactly(10), 0x3A: .exactly(1),
        0x3B: .exactly(1), 0x3C: .exactly(1), 0x3F: .exactly(1), 0x44: .exactly(2), 0x45: .exactly(4), 0x4E: .exactly(1),
        0x4F: .exactly(2), 0x74: .exactly(1), 0x7E: .exactly(1),
    ]
    static let allowedWhileBusy: Set<UInt8> = []
    /// The 0x22 values the notes list.
    static let knownSequences: Set<UInt8> = [0xF7, 0xC7, 0xFF, 0x0F, 0xC0, 0xCF, 0xFC, 0xD7, 0xB1, 0x91, 0xE0, 0x83]

    let facts: Facts
    let busyLevelHigh = true
    var phase = ControllerPhase.poweredUp
    var current: CurrentCommand?
    private(set) var busyUntil: Duration = .zero
    private(set) var refreshes: [EmulatedRefresh] = []

    private var needsSoftwareReset = true
    private var dataEntryMode: UInt8 = 0x03
    private var window = (xStart: 0, xEnd: 0, yStart: 0, yEnd: 0)
    private var counter = (x: 0, y: 0)
    private var updateOptions: [UInt8] = [0x00, 0x00]
    private var sequence: UInt8?
    private var clockOn = false
    private var analogOn = false
    private var forcedTemperature = false
    /// A waveform is loaded: from OTP (mode 1 or 2) or from the host (0x32).
    private var loadedWaveform: (mode2: Bool, forced: Bool)?
    private var hostLUT = false
    /// Display option F[6] (0x37, byte 6, bit 6): RAM ping-pong for display mode 2.
    private var pingPong = false
    private var blackWhiteWritten = false
    private var blackWhiteRAM: [UInt8]
    private var redRAM: [UInt8]
    /// Canonical (bit 1 = white) image on screen.
    private var displayed: [UInt8]?
    /// Canonical (bit 1 = red) red plane on screen, on three-colour panels.
    private var displayedRed: [UInt8]?

    init(model: PanelModel) {
        facts = Facts.of(model)
        let size = facts.ramBytesPerRow * facts.gates
        blackWhiteRAM = undefinedRAM(count: size, seed: 0x5A)
        redRAM = undefinedRAM(count: size, seed: 0xA5)
        resetRegisters()
    }

    var displayedImage: Frame? {
        displayed.map {
            frameFromRAM(whiteIsOne: $0, redIsOne: displayedRed, bytesPerRow: facts.ramBytesPerRow,
                         size: PixelSize(width: facts.visibleWidth, height: facts.gates))
        }
    }

    mutating func hardwareReset(log: inout EmulatorLog) {
        completeCurrent(log: &log)
        checkSleptAfterRefresh(log: &log)
        if phase != .awake {
            needsSoftwareReset = true
            resetRegisters()
        }
        phase = .awake
        busyUntil = log.time + .milliseconds(1)
    }

    mutating func supply(on: Bool, log: inout EmulatorLog) {
        guard !on else { return }
        phase = .poweredUp
        let size = facts.ramBytesPerRow * facts.gates
        blackWhiteRAM = undefinedRAM(count: size, seed: 0x3C)
        redRAM = undefinedRAM(count: size, seed: 0xC3)
    }

    mutating func execute(_ command: CurrentCommand, log: inout EmulatorLog) {
        let p = command.parameters
        if needsSoftwareReset && command.opcode != 0x12 {
            log.violate(.softwareResetFirst, "command \(command.opcode.hex) before SWRESET after a wake", at: command.offset)
        }
        switch command.opcode {
        case 0x01:
            let gates = Int(p[0]) | Int(p[1] & 0x01) << 8 + 1
            if gates != facts.gates { log.violate(.configuration, "driver output control sets \(gates) gates, the panel has \(facts.gates)", at: command.offset) }
        case 0x10:
            if p[0] == 0x01 || p[0] == 0x03 { enterDeepSleep(keepRAM: p[0] == 0x01, log: &log) }
        case 0x11:
            dataEntryMode = p[0]
        case 0x12:
            resetRegisters()
            needsSoftwareReset = false
            busyUntil = log.time + .milliseconds(10)
        case 0x1A:
            forcedTemperature = true
        case 0x20:
            masterActivation(at: command.offset, log: &log)
        case 0x21:
            updateOptions = p
        case 0x22:
            sequence = p[0]
            if !Self.knownSequences.contains(p[0]) { log.violate(.updateSequence, "undefined update sequence \(p[0].hex)", at: command.offset) }
        case 0x32:
            if !facts.lutSizes.contains(p.count) { log.violate(.parameterCount, "a \(p.count)-byte LUT", at: command.offset) }
            hostLUT = true
        case 0x37:
            pingPong = p[5] & 0x40 != 0
        case 0x44:
            window.xStart = Int(p[0])
            window.xEnd = Int(p[1])
            if window.xStart > window.xEnd || window.xEnd >= facts.ramBytesPerRow {
                log.violate(.ramWindow, "X window \(window.xStart)…\(window.xEnd) outside 0…\(facts.ramBytesPerRow - 1) bytes", at: command.offset)
            }
        case 0x45:
            window.yStart = Int(p[0]) | Int(p[1]) << 8
            window.yEnd = Int(p[2]) | Int(p[3]) << 8
            if window.yStart > window.yEnd || window.yEnd >= facts.gates {
                log.violate(.ramWindow, "Y window \(window.yStart)…\(window.yEnd) outside 0…\(facts.gates - 1)", at: command.offset)
            }
        case 0x4E:
            counter.x = Int(p[0])
        case 0x4F:
            counter.y = Int(p[0]) | Int(p[1]) << 8
        default:
            break
        }
    }

    mutating func beginStream(_ opcode: UInt8, log: inout EmulatorLog) {
        if needsSoftwareReset { log.violate(.softwareResetFirst, "RAM write \(opcode.hex) before SWRESET after a wake") }
        if dataEntryMode != 0x03 { log.violate(.ramWindow, "RAM write with data entry mode \(dataEntryMode.hex); only 0x03 is emulated") }
        if !(window.xStart...window.xEnd).contains(counter.x) || !(window.yStart...window.yEnd).contains(counter.y) {
            log.violate(.ramWindow, "address counter (\(counter.x), \(counter.y)) outside the window X \(window.xStart)…\(window.xEnd), Y \(window.yStart)…\(window.yEnd)")
        }
        if opcode == 0x24 { blackWhiteWritten = true }
    }

    mutating func stream(_ bytes: UnsafeRawBufferPointer, log: inout EmulatorLog) {
        let red = current?.opcode == 0x26
        for byte in bytes {
            let index = counter.y * facts.ramBytesPerRow + counter.x
            if counter.x < facts.ramBytesPerRow, counter.y < facts.gates {
                if red { redRAM[index] = byte } else { blackWhiteRAM[index] = byte }
            }
            counter.x += 1
            if counter.x > window.xEnd {
                counter.x = window.xStart
                counter.y = counter.y >= window.yEnd ? window.yStart : counter.y + 1
            }
        }
    }

    mutating func endStream(_ command: CurrentCommand, log: inout EmulatorLog) {
        let area = (window.xEnd - window.xStart + 1) * (window.yEnd - window.yStart + 1)
        if command.streamed != area {
            log.violate(.ramWriteSize, "\(command.streamed) bytes to \(command.opcode.hex), the window holds \(area)", at: command.offset)
        }
    }

    func finish(log: inout EmulatorLog) {
        if let last = refreshes.last, last.sleptAt == nil {
            log.violate(.sleepAfterRefresh, "the last refresh was not followed by deep sleep")
        }
    }

    private mutating func resetRegisters() {
        dataEntryMode = 0x03
        window = (0, facts.ramBytesPerRow - 1, 0, facts.gates - 1)
        counter = (0, 0)
        updateOptions = [0x00, 0x00]
        sequence = nil
        clockOn = false
        analogOn = false
        forcedTemperature = false
        loadedWaveform = nil
        hostLUT = false
        pingPong = false
    }

    private mutating func enterDeepSleep(keepRAM: Bool, log: inout EmulatorLog) {
        phase = .deepSleep
        if !keepRAM {
            blackWhiteRAM = undefinedRAM(count: blackWhiteRAM.count, seed: 0x77)
            redRAM = undefinedRAM(count: redRAM.count, seed: 0x88)
        }
        guard var last = refreshes.last, last.sleptAt == nil else { return }
        if log.time - last.end > .seconds(5) {
            log.violate(.sleepAfterRefresh, "deep sleep \(log.time - last.end) after the refresh ended; the panel stayed driven")
        }
        last.sleptAt = log.time
        refreshes[refreshes.count - 1] = last
    }

    private func checkSleptAfterRefresh(log: inout EmulatorLog) {
        if phase == .awake, let last = refreshes.last, last.sleptAt == nil {
            log.violate(.sleepAfterRefresh, "reset after a refresh without deep sleep")
        }
    }

    /// 0x20: runs the 0x22 sequence bit by bit.
    private mutating func masterActivation(at offset: Int, log: inout EmulatorLog) {
        guard let sequence else {
            log.violate(.updateSequence, "master activation (0x20) without an update sequence (0x22)", at: offset)
            return
        }
        var duration: Duration = .milliseconds(1)
        if sequence & 0x80 != 0 { clockOn = true }
        if sequence & 0x40 != 0 {
            if !analogOn { duration += facts.powerOn }
            analogOn = true
        }
        if sequence & 0x20 != 0 { forcedTemperature = false }
        if sequence & 0x30 != 0 && !clockOn { log.violate(.updateSequence, "loading with the clock off", at: offset) }
        let mode2 = sequence & 0x08 != 0
        if sequence & 0x10 != 0 {
            if mode2 && !facts.otpHasPartialWaveform {
                log.violate(.updateSequence, "mode 2 LUT load from OTP, which has no partial waveform on this panel", at: offset)
            }
            if forcedTemperature && !mode2 && !facts.otpHasFastWaveform {
                log.violate(.updateSequence, "forced-temperature LUT load, which this panel's emulated OTP lacks", at: offset)
            }
            loadedWaveform = (mode2, forcedTemperature)
            duration += .milliseconds(100)
        }
        if sequence & 0x04 != 0 {
            duration += display(mode2: mode2, at: offset, log: &log)
        }
        if sequence & 0x02 != 0 {
            if analogOn { duration += facts.powerOff }
            analogOn = false
        }
        if sequence & 0x01 != 0 { clockOn = false }
        busyUntil = log.time + duration
        if sequence & 0x04 != 0, var last = refreshes.popLast() {
            last.end = busyUntil
            refreshes.append(last)
        }
    }

    private mutating func display(mode2: Bool, at offset: Int, log: inout EmulatorLog) -> Duration {
        if !clockOn || !analogOn { log.violate(.powerSequence, "display with the clock or analog supply off", at: offset) }
        let waveformReady = hostLUT || loadedWaveform?.mode2 == mode2
        if !waveformReady { log.violate(.updateSequence, "display without a loaded waveform", at: offset) }
        if !blackWhiteWritten { log.violate(.updateWithoutRAMWrite, "display without writing the BW RAM (0x24) since the last one", at: offset) }
        if let last = refreshes.last, last.sleptAt == nil {
            log.violate(.sleepAfterRefresh, "another refresh before deep sleep", at: offset)
        }
        let blackWhiteOption = updateOptions[0] & 0x0F
        let redOption = updateOptions[0] >> 4
        if mode2 {
            if let displayed {
                if redOption == 0 && redRAM != displayed {
                    let differing = zip(redRAM, displayed).filter { $0 != $1 }.count
                    log.violate(.differentialBase, "the RED RAM (old image) differs from the screen in \(differing) bytes", at: offset)
                }
            } else {
                log.violate(.differentialBase, "mode 2 refresh before any full refresh since power-up", at: offset)
            }
        }
        let image: [UInt8] = switch blackWhiteOption {
        case 0x4: [UInt8](repeating: 0x00, count: blackWhiteRAM.count)
        case 0x8: blackWhiteRAM.map { ~$0 }
        default: blackWhiteRAM
        }
        displayed = image
        if facts.threeColour {
            displayedRed = switch redOption {
            case 0x4: [UInt8](repeating: 0x00, count: redRAM.count)
            case 0x8: redRAM.map { ~$0 }
            default: redRAM
            }
        }
        blackWhiteWritten = false
        if mode2 && pingPong {
            // Ping-pong swaps the two RAM banks after a mode 2 update (reported on SSD1680 glass and in
            // Zephyr's ssd16xx driver). Nothing documents that a reset or SWRESET swaps them back, so the
            // emulator takes the worst case: the swap lasts until the supply goes off.
            swap(&blackWhiteRAM, &redRAM)
        }
        let kind: EmulatedRefresh.Kind = mode2 ? .partial : (loadedWaveform?.forced == true ? .fast : .full)
        refreshes.append(EmulatedRefresh(kind: kind, start: log.time, end: log.time, sleptAt: nil))
        return facts.duration(of: kind)
    }
}
