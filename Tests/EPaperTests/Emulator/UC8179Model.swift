import EPaper
import InkUI

/// A UC8179 (GD7965) as the protocol notes describe it: BUSY low while busy, 0x71 accepted while busy,
/// DTM1 (0x10) and DTM2 (0x13) planes of 100 × 480 bytes decoded with CDI's DDX, a partial window (0x90)
/// inside partial mode (0x91/0x92), power on/off (0x04/0x02) around refreshes, deep sleep (0x07 A5) only
/// after power off. The panel setting (PSR, 0x00) picks the mode, which must match the panel: KW (bit 4
/// set, black and white: DTM1 = OLD, DTM2 = NEW) or KWR (bit 4 clear, three colours: DTM1 = black and
/// white, DTM2 = red). KWR mode is modelled as the vendors' drivers use it: DDX = 01 (bit 1 = white in
/// DTM1, bit 1 = red in DTM2), the full waveform over the whole panel. Assumed here (not in the notes):
/// deep sleep loses both RAM planes, so the emulator fills them with garbage and a driver must rewrite
/// them after every wake.
struct UC8179Model: CommandSetModel {
    static let width = 800
    static let height = 480
    static let bytesPerRow = 100

    /// What differs between the two panels; times from the notes and GxEPD2's GDEW075Z08 measurements.
    struct Facts: RefreshDurations, Sendable {
        var threeColour: Bool
        var fullRefresh: Duration
        var fastRefresh: Duration
        var partialRefresh: Duration
        var powerOn: Duration
        var powerOff: Duration

        static func of(_ model: PanelModel) -> Facts {
            switch model {
            case .waveshare7in5V2:
                Facts(threeColour: false, fullRefresh: .milliseconds(4100), fastRefresh: .milliseconds(1170),
                      partialRefresh: .milliseconds(440), powerOn: .milliseconds(130), powerOff: .milliseconds(40))
            case .waveshare7in5bV2:
                Facts(threeColour: true, fullRefresh: .milliseconds(17_130), fastRefresh: .milliseconds(17_130),
                      partialRefresh: .milliseconds(17_130), powerOn: .milliseconds(133), powerOff: .milliseconds(25))
            default:
                preconditionFailure("\(model.rawValue) has no UC8179 controller")
            }
        }
    }

    static let parameterSpecs: [UInt8: ParameterSpec] = [
        0x00: .between(1...2), 0x01: .between(4...5), 0x02: .exactly(0), 0x04: .exactly(0), 0x06: .exactly(4),
        0x07: .exactly(1), 0x10: .stream, 0x12: .exactly(0), 0x13: .stream, 0x15: .exactly(1), 0x20: .between(1...60),
        0x21: .between(1...60), 0x22: .between(1...60), 0x23: .between(1...60), 0x24: .between(1...60),
        0x25: .between(1...60), 0x41: .exactly(1), 0x50: .between(1...2), 0x60: .exactly(1), 0x61: .exactly(4),
        0x71: .exactly(0), 0x82: .exactly(1), 0x90: .exactly(9), 0x91: .exactly(0), 0x92: .exactly(0), 0xE0: .exactly(1),
        0xE3: .exactly(1), 0xE5: .exactly(1),
    ]
    static let allowedWhileBusy: Set<UInt8> = [0x71]

    let facts: Facts
    let busyLevelHigh = false
    var phase = ControllerPhase.poweredUp
    var current: CurrentCommand?
    private(set) var busyUntil: Duration = .zero
    private(set) var refreshes: [EmulatedRefresh] = []

    private var powered = false
    private var panelSetting: UInt8?
    private var resolution: (width: Int, height: Int)?
    private var dataPolarity: UInt8?
    private var copyNewToOld = false
    private var partialMode = false
    private var partialWindow: (left: Int, right: Int, top: Int, bottom: Int)?
    private var forcedTemperature: UInt8?
    private var streamIndex = 0
    private var newWritten = false
    private var oldRAM = undefinedRAM(count: UC8179Model.bytesPerRow * UC8179Model.height, seed: 0x11)
    private var newRAM = undefinedRAM(count: UC8179Model.bytesPerRow * UC8179Model.height, seed: 0x22)
    /// Canonical (bit 1 = white) image on screen.
    private var displayed: [UInt8]?
    /// Canonical (bit 1 = red) red plane on screen, on the three-colour panel.
    private var displayedRed: [UInt8]?

    init(model: PanelModel) {
        facts = Facts.of(model)
    }

    var displayedImage: Frame? {
        displayed.map {
            frameFromRAM(whiteIsOne: $0, redIsOne: displayedRed, bytesPerRow: Self.bytesPerRow, size: PixelSize(width: Self.width, height: Self.height))
        }
    }

    mutating func hardwareReset(log: inout EmulatorLog) {
        completeCurrent(log: &log)
        if phase == .awake, let last = refreshes.last, last.sleptAt == nil {
            log.violate(.sleepAfterRefresh, "reset after a refresh without deep sleep")
        }
        phase = .awake
        powered = false
        panelSetting = nil
        resolution = nil
        dataPolarity = nil
        copyNewToOld = false
        partialMode = false
        partialWindow = nil
        forcedTemperature = nil
        busyUntil = log.time + .milliseconds(1)
    }

    mutating func supply(on: Bool, log: inout EmulatorLog) {
        guard !on else { return }
        phase = .poweredUp
        loseRAM(seed: 0x33)
    }

    mutating func execute(_ command: CurrentCommand, log: inout EmulatorLog) {
        let p = command.parameters
        switch command.opcode {
        case 0x00:
            panelSetting = p[0]
        case 0x02:
            if powered { busyUntil = log.time + facts.powerOff }
            powered = false
        case 0x04:
            powered = true
            busyUntil = log.time + facts.powerOn
        case 0x07:
            guard p[0] == 0xA5 else {
                log.violate(.deepSleepCheckCode, "deep sleep with check code \(p[0].hex)", at: command.offset)
                return
            }
            if powered { log.violate(.powerSequence, "deep sleep while powered: send power off (0x02) first", at: command.offset) }
            enterDeepSleep(log: &log)
        case 0x12:
            displayRefresh(at: command.offset, log: &log)
        case 0x50:
            if p.count == 2 {
                dataPolarity = p[0] & 0x03
                copyNewToOld = p[0] & 0x08 != 0
            }
        case 0x61:
            resolution = (Int(p[0]) << 8 | Int(p[1]), Int(p[2]) << 8 | Int(p[3]))
        case 0x90:
            setPartialWindow(p, at: command.offset, log: &log)
        case 0x91:
            partialMode = true
        case 0x92:
            partialMode = false
        case 0xE5:
            forcedTemperature = p[0]
        default:
            break
        }
    }

    mutating func beginStream(_ opcode: UInt8, log: inout EmulatorLog) {
        streamIndex = 0
        if partialMode && partialWindow == nil { log.violate(.ramWindow, "RAM write in partial mode without a partial window (0x90)") }
        if opcode == 0x13 { newWritten = true }
    }

    mutating func stream(_ bytes: UnsafeRawBufferPointer, log: inout EmulatorLog) {
        let area = writeArea
        let old = current?.opcode == 0x10
        for byte in bytes {
            defer { streamIndex += 1 }
            guard streamIndex < area.bytesPerRow * area.rows else { continue }
            let index = (area.top + streamIndex / area.bytesPerRow) * Self.bytesPerRow + area.firstByte + streamIndex % area.bytesPerRow
            if old { oldRAM[index] = byte } else { newRAM[index] = byte }
        }
    }

    mutating func endStream(_ command: CurrentCommand, log: inout EmulatorLog) {
        let area = writeArea
        let expected = area.bytesPerRow * area.rows
        if command.streamed != expected {
            log.violate(.ramWriteSize, "\(command.streamed) bytes to \(command.opcode.hex), the \(partialMode ? "partial window" : "panel") holds \(expected)", at: command.offset)
        }
    }

    func finish(log: inout EmulatorLog) {
        if let last = refreshes.last, last.sleptAt == nil {
            log.violate(.sleepAfterRefresh, "the last refresh was not followed by deep sleep")
        }
    }

    /// Where RAM writes land: the partial window in partial mode, else the whole panel.
    private var writeArea: (firstByte: Int, bytesPerRow: Int, top: Int, rows: Int) {
        if partialMode, let window = partialWindow {
            return (window.left / 8, (window.right + 1 - window.left) / 8, window.top, window.bottom + 1 - window.top)
        }
        return (0, Self.bytesPerRow, 0, Self.height)
    }

    private mutating func setPartialWindow(_ p: [UInt8], at offset: Int, log: inout EmulatorLog) {
        let left = Int(p[0]) << 8 | Int(p[1]), right = Int(p[2]) << 8 | Int(p[3])
        let top = Int(p[4]) << 8 | Int(p[5]), bottom = Int(p[6]) << 8 | Int(p[7])
        var problems: [String] = []
        if left % 8 != 0 { problems.append("HRST \(left) is not on a byte") }
        if (right + 1 - left) % 8 != 0 { problems.append("HRED+1−HRST = \(right + 1 - left) is not a multiple of 8") }
        if right < left || right >= Self.width { problems.append("HRED \(right) outside \(left)…\(Self.width - 1)") }
        if bottom < top || bottom >= Self.height { problems.append("VRED \(bottom) outside \(top)…\(Self.height - 1)") }
        guard problems.isEmpty else {
            log.violate(.ramWindow, problems.joined(separator: "; "), at: offset)
            partialWindow = nil
            return
        }
        partialWindow = (left, right, top, bottom)
    }

    private func canonical(_ raw: UInt8, polarity: UInt8) -> UInt8 {
        polarity & 0x01 == 1 ? raw : ~raw
    }

    private mutating func displayRefresh(at offset: Int, log: inout EmulatorLog) {
        if !powered { log.violate(.powerSequence, "display refresh (0x12) without power on (0x04)", at: offset) }
        if !newWritten { log.violate(.updateWithoutRAMWrite, "display refresh without writing DTM2 (0x13) since the last one", at: offset) }
        guard let resolution, resolution == (Self.width, Self.height) else {
            log.violate(.configuration, "display refresh without the resolution 800×480 (0x61)", at: offset)
            return
        }
        guard let polarity = dataPolarity else {
            log.violate(.configuration, "display refresh without CDI (0x50) data polarity", at: offset)
            return
        }
        guard let panelSetting else {
            log.violate(.configuration, "display refresh without the panel setting (0x00)", at: offset)
            return
        }
        if let last = refreshes.last, last.sleptAt == nil {
            log.violate(.sleepAfterRefresh, "another refresh before deep sleep", at: offset)
        }
        let threeColourMode = panelSetting & 0x10 == 0
        if threeColourMode != facts.threeColour {
            let mode = threeColourMode ? "the three-colour (KWR) mode on a black-and-white" : "the black-and-white (KW) mode on a three-colour"
            log.violate(.configuration, "panel setting \(panelSetting.hex) selects \(mode) panel", at: offset)
        }
        let kind = threeColourMode ? showThreeColour(polarity: polarity, at: offset, log: &log) : showBlackWhite(polarity: polarity, at: offset, log: &log)
        newWritten = false
        if copyNewToOld { oldRAM = newRAM }
        busyUntil = log.time + facts.duration(of: kind)
        refreshes.append(EmulatedRefresh(kind: kind, start: log.time, end: busyUntil, sleptAt: nil))
    }

    /// KWR mode: DTM1 is the black-and-white plane and DTM2 the red one, over the whole panel.
    private mutating func showThreeColour(polarity: UInt8, at offset: Int, log: inout EmulatorLog) -> EmulatedRefresh.Kind {
        if polarity != 0x01 {
            log.violate(.configuration, "KWR mode with DDX = \(polarity.hex): only the vendors' DDX = 01 is modelled", at: offset)
        }
        if partialMode || forcedTemperature != nil {
            log.violate(.updateSequence, "a partial window or forced temperature in KWR mode: only the full waveform is modelled", at: offset)
        }
        displayed = oldRAM
        displayedRed = newRAM
        return .full
    }

    /// KW mode: NEW (DTM2) is the image, OLD (DTM1) the image it replaces for the differential waveform.
    private mutating func showBlackWhite(polarity: UInt8, at offset: Int, log: inout EmulatorLog) -> EmulatedRefresh.Kind {
        var image = displayed ?? [UInt8](repeating: 0xFF, count: newRAM.count)
        let kind: EmulatedRefresh.Kind
        if partialMode, let area = writeAreaIfWindow {
            kind = .partial
            if displayed == nil { log.violate(.differentialBase, "partial refresh with an unknown image on screen", at: offset) }
            var differing = 0
            for row in area.top..<(area.top + area.rows) {
                for column in area.firstByte..<(area.firstByte + area.bytesPerRow) {
                    let index = row * Self.bytesPerRow + column
                    if canonical(oldRAM[index], polarity: polarity) != image[index] { differing += 1 }
                    image[index] = canonical(newRAM[index], polarity: polarity)
                }
            }
            if differing > 0, displayed != nil {
                log.violate(.differentialBase, "OLD data (0x10) differs from the screen in \(differing) bytes of the window", at: offset)
            }
        } else {
            kind = forcedTemperature == 0x5A ? .fast : .full
            image = newRAM.map { canonical($0, polarity: polarity) }
        }
        displayed = image
        displayedRed = nil
        return kind
    }

    private var writeAreaIfWindow: (firstByte: Int, bytesPerRow: Int, top: Int, rows: Int)? {
        partialWindow == nil ? nil : writeArea
    }

    private mutating func enterDeepSleep(log: inout EmulatorLog) {
        phase = .deepSleep
        loseRAM(seed: 0x44)
        guard var last = refreshes.last, last.sleptAt == nil else { return }
        if log.time - last.end > .seconds(5) {
            log.violate(.sleepAfterRefresh, "deep sleep \(log.time - last.end) after the refresh ended; the panel stayed driven")
        }
        last.sleptAt = log.time
        refreshes[refreshes.count - 1] = last
    }

    private mutating func loseRAM(seed: UInt8) {
        oldRAM = undefinedRAM(count: oldRAM.count, seed: seed)
        newRAM = undefinedRAM(count: newRAM.count, seed: seed ^ 0xFF)
    }
}
