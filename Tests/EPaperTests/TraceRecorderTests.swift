import EPaper
import Foundation
import InkUI
import Testing

/// The trace option: every SPI transfer with its D/C level and every GPIO action, in the documented text
/// format, recorded from a real driver run against the emulator.
@Suite("Panel trace recorder")
struct TraceRecorderTests {
    @Test("A traced full refresh writes the documented format and accounts for every byte and line change")
    func tracedRefresh() throws {
        let path = try temporaryDirectory() + "/panel.trace"
        let time = TestTime(epoch: Date(timeIntervalSince1970: 1_772_406_000))
        let emulator = SSD168xEmulator(model: SSD168xModel(model: .waveshare2in13V4), time: time)
        let recorder = try PanelTraceRecorder(path: path, clock: time.blocking, description: "panel=waveshare-2in13-v4 test")
        let bus = WiredPanelBus(
            spi: recorder.recording(emulator), lines: recorder.recording(emulator), clock: time.blocking,
            label: WiredPanelBus.Label(panel: "waveshare-2in13-v4", busyLine: 24, chip: "/dev/gpiochip0"))
        let driver = try PanelProfile.builtIn(.waveshare2in13V4).makeDriver(bus: bus)
        let frame = TestFrames.pattern(PixelSize(width: 122, height: 250), seed: 5)
        try driver.refresh(PanelRefresh(frame: frame, kind: .full, reason: "trace"))
        driver.close()
        recorder.close()
        #expect(emulator.finish().isEmpty)

        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.first == PanelTraceRecorder.formatLine)
        #expect(lines[1] == "# panel=waveshare-2in13-v4 test")
        let pattern = /^(\d+)\.(\d{6}) (gpio (rst|dc|pwr)=[01]|spi dc=([01]) n=(\d+) ([0-9a-f]*)|read busy=[01]|wait busy timeout=\d+\.\d{6} (edge|timeout)|spi close|gpio release)$/
        var commands: [String] = []
        var dataBytes = 0
        var previous = 0
        for line in lines.dropFirst(2) {
            let match = try #require(line.wholeMatch(of: pattern), "malformed trace line: \(line)")
            let micros = Int(match.1)! * 1_000_000 + Int(match.2)!
            #expect(micros >= previous, "time goes back at: \(line)")
            previous = micros
            if let dc = match.5, let count = match.6, let hex = match.7 {
                #expect(hex.count == 2 * Int(count)!)
                if dc == "0" { commands.append(String(hex)) } else { dataBytes += Int(count)! }
            }
        }
        #expect(commands.count + dataBytes == emulator.bytesReceived)
        #expect(Array(commands.prefix(6)) == ["12", "01", "11", "3c", "21", "18"])
        #expect(commands.suffix(3) == ["22", "20", "10"])
        // The reset pulse: RST high 20 ms, low 2 ms, high again; then BUSY is read before SWRESET.
        let resets = lines.filter { $0.hasSuffix("gpio rst=1") || $0.hasSuffix("gpio rst=0") }
        #expect(resets.map { $0.suffix(1) } == ["1", "0", "1"])
        #expect(lines.contains { $0.contains("spi dc=1 n=4000 ") })
        #expect(lines.suffix(3).map { $0.split(separator: " ").dropFirst().joined(separator: " ") } == ["gpio pwr=0", "gpio release", "spi close"])
    }
}
