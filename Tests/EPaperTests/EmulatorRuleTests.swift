import EPaper
import Foundation
import InkUI
import Testing

/// The emulators are only evidence if they reject what a real controller would not take. These streams
/// reproduce the vendor quirks and mistakes the protocol notes list; each must fail with the rule and
/// the byte offset.
@Suite("Controller emulators reject broken command streams")
struct EmulatorRuleTests {
    private let time = TestTime(epoch: Date(timeIntervalSince1970: 1_772_409_600))
    private let pulse = ResetPulse(highBefore: .milliseconds(20), low: .milliseconds(2), highAfter: .milliseconds(20))
    private let ssdWait = BusyWait(busyLevelHigh: true, timeout: .seconds(60), operation: "test")
    private let ucWait = BusyWait(busyLevelHigh: false, timeout: .seconds(60), statusCommand: 0x71, operation: "test")

    private func send(_ bus: any PanelBus, _ opcode: UInt8, _ parameters: [UInt8] = []) throws {
        try bus.command(opcode)
        if !parameters.isEmpty { try bus.data(parameters) }
    }

    private func ssd(_ model: PanelModel = .waveshare2in13V4) -> (SSD168xEmulator, WiredPanelBus) {
        let emulator = SSD168xEmulator(model: SSD168xModel(model: model), time: time)
        return (emulator, emulator.bus())
    }

    private func rules(_ violations: [ControllerViolation]) -> [ControllerRule] { violations.map(\.rule) }

    /// RST pulse and SWRESET, each waited out: an SSD controller ready for configuration.
    private func wakeSSD(_ bus: any PanelBus) throws {
        try bus.reset(pulse)
        try send(bus, 0x12)
        try bus.waitWhileBusy(ssdWait)
    }

    /// RST pulse and power on, each waited out: a UC8179 ready for configuration.
    private func powerOnUC8179(_ bus: any PanelBus) throws {
        try bus.reset(pulse)
        try bus.waitWhileBusy(ucWait)
        try send(bus, 0x04)
        try bus.waitWhileBusy(ucWait)
    }

    @Test("Commands before the first reset are flagged at their offset")
    func commandsBeforeReset() throws {
        let (emulator, bus) = ssd()
        try send(bus, 0x12)
        let violation = try #require(emulator.finish().first)
        #expect(violation.rule == .resetBeforeUse)
        #expect(violation.offset == 0)
    }

    @Test("The Python init_fast quirk (0x18's parameter sent as a command) is an unknown opcode 0x80 at byte 2")
    func pythonInitFastQuirk() throws {
        let (emulator, bus) = ssd()
        try wakeSSD(bus)
        try send(bus, 0x18)
        try send(bus, 0x80)
        let violations = emulator.finish()
        #expect(violations.contains { $0.rule == .parameterCount && $0.offset == 1 && $0.message.contains("0x18") })
        #expect(violations.contains { $0.rule == .unknownOpcode && $0.offset == 2 && $0.message.contains("0x80") })
    }

    @Test("A command sent while BUSY is high is flagged")
    func trafficWhileBusy() throws {
        let (emulator, bus) = ssd()
        try bus.reset(pulse)
        try send(bus, 0x12)
        try send(bus, 0x01, [0xF9, 0x00, 0x00])
        let violation = try #require(emulator.finish().first)
        #expect(violation.rule == .trafficWhileBusy)
        #expect(violation.offset == 1)
    }

    @Test("A RST pulse shorter than 1 ms does not reset the controller")
    func shortResetPulse() throws {
        let (emulator, bus) = ssd()
        try bus.reset(ResetPulse(highBefore: .milliseconds(1), low: .microseconds(500), highAfter: .milliseconds(1)))
        try send(bus, 0x12)
        #expect(rules(emulator.finish()) == [.resetPulse, .resetBeforeUse])
    }

    @Test("The 4.2-inch SetCursor quirk (X counter in pixels, not bytes) puts the counter outside the window")
    func setCursorInPixels() throws {
        let (emulator, bus) = ssd(.waveshare4in2V2)
        try wakeSSD(bus)
        try send(bus, 0x11, [0x03])
        try send(bus, 0x44, [2, 4])
        try send(bus, 0x45, [0, 0, 9, 0])
        try send(bus, 0x4E, [16])
        try send(bus, 0x4F, [0, 0])
        try send(bus, 0x24, [UInt8](repeating: 0xFF, count: 30))
        let violations = emulator.finish()
        #expect(violations.contains { $0.rule == .ramWindow && $0.message.contains("(16, 0)") })
    }

    @Test("A mode-2 (partial) refresh before any full refresh has no old image to compare against")
    func partialBeforeFull() throws {
        let (emulator, bus) = ssd()
        try wakeSSD(bus)
        try send(bus, 0x24, [UInt8](repeating: 0xFF, count: 4000))
        try send(bus, 0x22, [0xFF])
        try send(bus, 0x20)
        try bus.waitWhileBusy(ssdWait)
        try send(bus, 0x10, [0x01])
        #expect(rules(emulator.finish()) == [.differentialBase])
    }

    @Test("A mode-2 load from OTP on the 2.9-inch V2, whose OTP has no partial waveform, is refused")
    func otpPartialOnTwoNine() throws {
        let (emulator, bus) = ssd(.waveshare2in9V2)
        try wakeSSD(bus)
        try send(bus, 0x24, [UInt8](repeating: 0xFF, count: 4736))
        try send(bus, 0x22, [0xFF])
        try send(bus, 0x20)
        #expect(emulator.finish().contains { $0.rule == .updateSequence && $0.message.contains("no partial waveform") })
    }

    @Test("A refresh not followed by deep sleep is flagged, and a refresh without a RAM write too")
    func refreshWithoutSleep() throws {
        let (emulator, bus) = ssd()
        try wakeSSD(bus)
        try send(bus, 0x22, [0xF7])
        try send(bus, 0x20)
        try bus.waitWhileBusy(ssdWait)
        #expect(rules(emulator.finish()) == [.updateWithoutRAMWrite, .sleepAfterRefresh])
    }

    @Test("The 7.5-inch Display_Part quirk (−1 on the low byte only) opens a window twice as wide as the data")
    func partialWindowLowByteQuirk() throws {
        let emulator = UC8179Emulator(model: UC8179Model(model: .waveshare7in5V2), time: time)
        let bus = emulator.bus()
        try powerOnUC8179(bus)
        try send(bus, 0x91)
        // x0 = 0, x1 = 256, y0 = 0, y1 = 10, encoded as Waveshare's C code does: 01 (256 & 0xFF) − 1 = 01 FF.
        try send(bus, 0x90, [0x00, 0x00, 0x01, 0xFF, 0x00, 0x00, 0x00, 0x09, 0x01])
        try send(bus, 0x13, [UInt8](repeating: 0xFF, count: 32 * 10))
        try send(bus, 0x92)
        let violation = try #require(emulator.finish().first)
        #expect(violation.rule == .ramWriteSize)
        #expect(violation.message.contains("320 bytes") && violation.message.contains("holds 640"))
    }

    @Test("UC8179 deep sleep needs power off first and the check code 0xA5; only 0x71 may be sent while busy")
    func uc8179SleepRules() throws {
        let emulator = UC8179Emulator(model: UC8179Model(model: .waveshare7in5V2), time: time)
        let bus = emulator.bus()
        try bus.reset(pulse)
        try bus.waitWhileBusy(ucWait)
        try send(bus, 0x04)
        try send(bus, 0x71)
        try send(bus, 0x00, [0x1F])
        try bus.waitWhileBusy(ucWait)
        try send(bus, 0x07, [0xA4])
        try send(bus, 0x07, [0xA5])
        #expect(rules(emulator.finish()) == [.trafficWhileBusy, .trafficWhileBusy, .deepSleepCheckCode, .powerSequence])
        #expect(emulator.statusPolls >= 1)
    }

    @Test("Waveshare's 2.13-inch (B) V4 stream (0x21 = 80 80, red data with bit 0 = red) shows the same red as GxEPD2's 00 80")
    func inverseRedOption() throws {
        let (emulator, bus) = ssd(.waveshare2in13bV4)
        try wakeSSD(bus)
        for (opcode, parameters) in [(0x01, [0xF9, 0x00, 0x00]), (0x11, [0x03]), (0x44, [0x00, 0x0F]), (0x45, [0x00, 0x00, 0xF9, 0x00]),
                                     (0x4E, [0x00]), (0x4F, [0x00, 0x00]), (0x3C, [0x05]), (0x18, [0x80]), (0x21, [0x80, 0x80])] as [(UInt8, [UInt8])] {
            try send(bus, opcode, parameters)
        }
        try send(bus, 0x24, [UInt8](repeating: 0xFF, count: 4000))
        // Left half of every byte 1 (inverted to "no red"), right half 0 (inverted to red).
        try send(bus, 0x4E, [0x00])
        try send(bus, 0x4F, [0x00, 0x00])
        try send(bus, 0x26, [UInt8](repeating: 0xF0, count: 4000))
        // Waveshare's driver sends only 0x20 and relies on the power-on 0x22; the emulator wants it written.
        try send(bus, 0x22, [0xF7])
        try send(bus, 0x20)
        try bus.waitWhileBusy(ssdWait)
        try send(bus, 0x10, [0x01])
        #expect(emulator.finish().isEmpty)
        let shown = try #require(emulator.displayedImage)
        #expect(shown.capability == .blackWhiteRed)
        #expect((0..<8).map { shown[$0, 0] } == [.white, .white, .white, .white, .red, .red, .red, .red])
        #expect(shown[117, 249] == .red && shown[121, 249] == .white)
    }

    @Test("A three-colour SSD panel has no differential or forced-temperature waveform to load")
    func threeColourSSDWaveforms() throws {
        let (emulator, bus) = ssd(.waveshare2in9bV4)
        try wakeSSD(bus)
        try send(bus, 0x24, [UInt8](repeating: 0xFF, count: 4736))
        try send(bus, 0x22, [0xFF])
        try send(bus, 0x20)
        try bus.waitWhileBusy(ssdWait)
        try send(bus, 0x10, [0x01])
        // Waveshare's 2.9-inch (B) V4 init_Fast: load at a forced 90 °C.
        try wakeSSD(bus)
        try send(bus, 0x22, [0xB1])
        try send(bus, 0x20)
        try bus.waitWhileBusy(ssdWait)
        try send(bus, 0x1A, [0x5A, 0x00])
        try send(bus, 0x22, [0x91])
        try send(bus, 0x20)
        let messages = emulator.finish().filter { $0.rule == .updateSequence }.map(\.message)
        #expect(messages.contains { $0.contains("no partial waveform") })
        #expect(messages.contains { $0.contains("forced-temperature") })
    }

    @Test("Waveshare's 2.9-inch (B) V4 Python ReadBusy sends 0x71, which the SSD1680 does not define")
    func statusPollOnSSD() throws {
        let (emulator, bus) = ssd(.waveshare2in9bV4)
        try bus.reset(pulse)
        try bus.waitWhileBusy(ssdWait)
        try send(bus, 0x71)
        #expect(rules(emulator.finish()) == [.unknownOpcode])
    }

    @Test("The 7.5-inch (B) V2 must refresh in KWR mode with DDX = 01; the black-and-white 7.5-inch V2 must not",
          arguments: [(PanelModel.waveshare7in5bV2, UInt8(0x1F), UInt8(0xA9)), (.waveshare7in5bV2, 0x0F, 0x10), (.waveshare7in5V2, 0x0F, 0x11)])
    func uc8179Modes(model: PanelModel, panelSetting: UInt8, dataInterval: UInt8) throws {
        let emulator = UC8179Emulator(model: UC8179Model(model: model), time: time)
        let bus = emulator.bus()
        try powerOnUC8179(bus)
        try send(bus, 0x00, [panelSetting])
        try send(bus, 0x61, [0x03, 0x20, 0x01, 0xE0])
        try send(bus, 0x50, [dataInterval, 0x07])
        try send(bus, 0x10, [UInt8](repeating: 0xFF, count: 48_000))
        try send(bus, 0x13, [UInt8](repeating: 0x00, count: 48_000))
        try send(bus, 0x12)
        try bus.waitWhileBusy(ucWait)
        try send(bus, 0x02)
        try bus.waitWhileBusy(ucWait)
        try send(bus, 0x07, [0xA5])
        let violation = try #require(emulator.finish().first)
        #expect(violation.rule == .configuration)
        let expected = switch (model, panelSetting) {
        case (.waveshare7in5V2, _): "three-colour (KWR) mode on a black-and-white panel"
        case (_, 0x1F): "black-and-white (KW) mode on a three-colour panel"
        default: "DDX = 0x00"
        }
        #expect(violation.message.contains(expected), "\(violation.message)")
    }

    @Test("SPI traffic after deep sleep is ignored until the next reset")
    func trafficAfterDeepSleep() throws {
        let (emulator, bus) = ssd()
        try wakeSSD(bus)
        try send(bus, 0x10, [0x01])
        try send(bus, 0x12)
        let violation = try #require(emulator.finish().first)
        #expect(violation.rule == .resetBeforeUse)
        #expect(violation.offset == 3)
    }
}
