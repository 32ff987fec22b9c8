import InkUI

/// The facts that differ between the SSD1680/SSD1683 panels (from the controller protocol notes,
/// `hardware/README.md` and, for the three-colour panels, `docs/three-colour-panels.md`).
struct SSD168xPanel: Sendable, Hashable {
    /// How a panel gets its differential (partial) waveform.
    enum PartialWaveform: Sendable, Hashable {
        /// In the panel's OTP: update sequence 0xFF loads it.
        case otp
        /// The OTP has none (Waveshare 2.9" V2): the host writes a 153-byte LUT to 0x32 first.
        case host
        /// There is none: three-colour panels only have their full waveform.
        case unavailable
    }

    var model: PanelModel
    /// Black and white, or black, white and red (the RED RAM, 0x26, holding the red plane).
    var capability: ColorCapability
    var nativeSize: PixelSize
    var resetPulse: ResetPulse
    /// Display Update Control 1 (0x21) for full and fast refreshes.
    var fullUpdateOptions: [UInt8]
    /// Display Update Control 1 (0x21) for partial refreshes (RED RAM used as the previous image); the
    /// same as `fullUpdateOptions` on panels without partial refresh.
    var partialUpdateOptions: [UInt8]
    /// The temperature written to 0x1A to select the fast waveform; `nil` when the panel has none.
    var fastTemperature: [UInt8]?
    var partialWaveform: PartialWaveform

    /// Gate lines − 1, as Driver Output Control (0x01) and the RAM Y window take it.
    var lastGate: Int { nativeSize.height - 1 }
    /// RAM bytes per row.
    var bytesPerRow: Int { (nativeSize.width + 7) / 8 }

    /// Waveshare 2.13" V4: SSD1680, 122×250, fast waveform at a forced 100 °C.
    static let waveshare2in13V4 = SSD168xPanel(
        model: .waveshare2in13V4, capability: .monochrome, nativeSize: PixelSize(width: 122, height: 250),
        resetPulse: ResetPulse(highBefore: .milliseconds(20), low: .milliseconds(2), highAfter: .milliseconds(20)),
        fullUpdateOptions: [0x00, 0x80], partialUpdateOptions: [0x00, 0x80],
        fastTemperature: [0x64, 0x00], partialWaveform: .otp)

    /// Waveshare 2.9" V2: SSD1680, 128×296. Its OTP has no partial waveform and no fast one.
    static let waveshare2in9V2 = SSD168xPanel(
        model: .waveshare2in9V2, capability: .monochrome, nativeSize: PixelSize(width: 128, height: 296),
        resetPulse: ResetPulse(highBefore: .milliseconds(10), low: .milliseconds(2), highAfter: .milliseconds(110)),
        fullUpdateOptions: [0x00, 0x80], partialUpdateOptions: [0x00, 0x80],
        fastTemperature: nil, partialWaveform: .host)

    /// Waveshare 2.7" V2: SSD1680, 176×264, fast waveform at a forced 100 °C.
    static let waveshare2in7V2 = SSD168xPanel(
        model: .waveshare2in7V2, capability: .monochrome, nativeSize: PixelSize(width: 176, height: 264),
        resetPulse: ResetPulse(highBefore: .milliseconds(20), low: .milliseconds(2), highAfter: .milliseconds(20)),
        fullUpdateOptions: [0x00, 0x00], partialUpdateOptions: [0x00, 0x00],
        fastTemperature: [0x64, 0x00], partialWaveform: .otp)

    /// Waveshare 4.2" V2: SSD1683, 400×300. Full refreshes bypass the RED RAM (0x21 = 40 00); the fast
    /// waveform is the forced 110 °C one (about 1.5 s).
    static let waveshare4in2V2 = SSD168xPanel(
        model: .waveshare4in2V2, capability: .monochrome, nativeSize: PixelSize(width: 400, height: 300),
        resetPulse: ResetPulse(highBefore: .milliseconds(100), low: .milliseconds(2), highAfter: .milliseconds(100)),
        fullUpdateOptions: [0x40, 0x00], partialUpdateOptions: [0x00, 0x00],
        fastTemperature: [0x6E], partialWaveform: .otp)

    /// Waveshare 2.13" (B) V4: SSD1680, 122×250, black, white and red; full refresh only (about 15 s).
    /// Waveshare's driver sends 0x21 = 80 80 and the red plane with bit 0 = red; this is the same image as
    /// GxEPD2's 00 80 with bit 1 = red, which every other panel here uses.
    static let waveshare2in13bV4 = SSD168xPanel(
        model: .waveshare2in13bV4, capability: .blackWhiteRed, nativeSize: PixelSize(width: 122, height: 250),
        resetPulse: ResetPulse(highBefore: .milliseconds(20), low: .milliseconds(2), highAfter: .milliseconds(20)),
        fullUpdateOptions: [0x00, 0x80], partialUpdateOptions: [0x00, 0x80],
        fastTemperature: nil, partialWaveform: .unavailable)

    /// Waveshare 2.9" (B) V4: SSD1680, 128×296, black, white and red; full refresh only (about 26 s).
    static let waveshare2in9bV4 = SSD168xPanel(
        model: .waveshare2in9bV4, capability: .blackWhiteRed, nativeSize: PixelSize(width: 128, height: 296),
        resetPulse: ResetPulse(highBefore: .milliseconds(200), low: .milliseconds(2), highAfter: .milliseconds(200)),
        fullUpdateOptions: [0x00, 0x80], partialUpdateOptions: [0x00, 0x80],
        fastTemperature: nil, partialWaveform: .unavailable)

    /// Waveshare 4.2" (B) V2, the SSD1683 variant: 400×300, black, white and red; full refresh only (about
    /// 23 s). 0x21 = 00 00 is the power-on value Waveshare's and GxEPD2's drivers leave in place.
    static let waveshare4in2bV2 = SSD168xPanel(
        model: .waveshare4in2bV2, capability: .blackWhiteRed, nativeSize: PixelSize(width: 400, height: 300),
        resetPulse: ResetPulse(highBefore: .milliseconds(200), low: .milliseconds(2), highAfter: .milliseconds(200)),
        fullUpdateOptions: [0x00, 0x00], partialUpdateOptions: [0x00, 0x00],
        fastTemperature: nil, partialWaveform: .unavailable)

    static func forModel(_ model: PanelModel) -> SSD168xPanel? {
        switch model {
        case .waveshare2in13V4: .waveshare2in13V4
        case .waveshare2in9V2: .waveshare2in9V2
        case .waveshare2in7V2: .waveshare2in7V2
        case .waveshare4in2V2: .waveshare4in2V2
        case .waveshare2in13bV4: .waveshare2in13bV4
        case .waveshare2in9bV4: .waveshare2in9bV4
        case .waveshare4in2bV2: .waveshare4in2bV2
        case .waveshare7in5V2, .waveshare7in5bV2, .simulated: nil
        }
    }
}
