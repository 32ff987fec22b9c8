import EPaper
@testable import HubConfig
import Testing

/// `panel.partial_waveform`: the host LUT that gives the 2.9" V2 partial refresh.
@Suite("Partial waveform for the 2.9-inch V2")
struct PartialWaveformTests {
    /// A 2.9" V2 configuration whose waveform list holds `bytes`, written as `format` gives them.
    func configuration(_ bytes: [Int], model: String = "waveshare-2in9-v2", format: (Int) -> String = { "0x" + String($0, radix: 16) }) -> String {
        """
        panel:
          model: \(model)
          partial_waveform: [\(bytes.map(format).joined(separator: ", "))]
        layout:
          - kind: weather
            family: small
        """
    }

    let waveform = (0..<PanelProfile.hostPartialWaveformLength).map { ($0 * 7) % 256 }

    @Test("153 bytes in hex or decimal reach the panel profile unchanged")
    func validWaveform() throws {
        let fixture = ConfigFixture()
        let hex = try fixture.load(configuration(waveform)).panel
        let decimal = try fixture.load(configuration(waveform, format: { String($0) })).panel
        #expect(hex.hostPartialWaveform == waveform.map(UInt8.init))
        #expect(decimal.hostPartialWaveform == hex.hostPartialWaveform)
        #expect(hex.takesHostPartialWaveform)
    }

    @Test("Waveshare's 159-byte table is refused with the fix, a short one with what to copy")
    func wrongLength() throws {
        let fixture = ConfigFixture()
        let long = try #require(fixture.problems(configuration(waveform + [0x22, 0x17, 0x41, 0xAE, 0x32, 0x38])).first)
        #expect(long.keyPath == "panel.partial_waveform" && long.line == 3)
        #expect(long.message == "expected 153 bytes, found 159")
        #expect(long.suggestion?.contains("drop them") == true)
        let short = try #require(fixture.problems(configuration(Array(waveform.prefix(20)))).first)
        #expect(short.message == "expected 153 bytes, found 20")
    }

    @Test("a value that is not a byte is reported by its position")
    func badByte() throws {
        let fixture = ConfigFixture()
        var text = waveform.map { String($0) }
        text[4] = "0x+5"
        let problem = try #require(fixture.problems(configuration(Array(0..<text.count), format: { text[$0] })).first)
        #expect(problem.keyPath == "panel.partial_waveform[5]")
        #expect(problem.message == "expected a byte (0 to 255, or 0x00 to 0xFF)")
    }

    @Test("panels that need no waveform refuse one, three-colour panels included", arguments: ["waveshare-2in13-v4", "waveshare-2in9b-v4"])
    func otherPanels(model: String) throws {
        let fixture = ConfigFixture()
        let problem = try #require(fixture.problems(configuration(waveform, model: model)).first)
        #expect(problem.keyPath == "panel.partial_waveform")
        #expect(problem.message == "the \(model) panel takes no partial waveform")
    }
}
