import InkUI

/// The facts that differ between the SSD1680/SSD1683 panels (from the controller protocol notes,
/// `hardware/README.md`).
struct SSD168xPanel: Sendable, Hashable {
    /// How a panel gets its differential (partial) waveform.
    enum PartialWaveform: Sendable, Hashable {
        /// In the panel's OTP: update sequence 0xFF loads it.
        case otp
        /// The OTP has none (Waveshare 2.9" V2): the host writes a 153-byte LUT to 0x32 first.
        case host
    }

    var model: PanelModel
    var nativeSize: PixelSize
    var resetPulse: ResetPulse
    /// Display Update Control 1 (0x21) for full and fast refreshes.
    var fullUpdateOptions: [UInt8]
    /// Display Update Control 1 (0x21) for partial refreshes (RED RAM used as the previous image).
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
        model: .waveshare2in13V4, nativeSize: PixelSize(width: 122, height: 250),
        resetPulse: ResetPulse(highBefore: .milliseconds(20), low: .milliseconds(2), highAfter: .milliseconds(20)),
        fullUpdateOptions: [0x00, 0x80], partialUpdateOptions: [0x00, 0x80],
        fastTemperature: [0x64, 0x00], partialWaveform: .otp)

    /// Waveshare 2.9" V2: SSD1680, 128×296. Its OTP has no partial waveform and no fast one.
    static let waveshare2in9V2 = SSD168xPanel(
        model: .waveshare2in9V2, nativeSize: PixelSize(width: 128, height: 296),
        resetPulse: ResetPulse(highBefore: .milliseconds(10), low: .milliseconds(2), highAfter: .milliseconds(110)),
        fullUpdateOptions: [0x00, 0x80], partialUpdateOptions: [0x00, 0x80],
        fastTemperature: nil, partialWaveform: .host)

    /// Waveshare 2.7" V2: SSD1680, 176×264, fast waveform at a forced 100 °C.
    static let waveshare2in7V2 = SSD168xPanel(
        model: .waveshare2in7V2, nativeSize: PixelSize(width: 176, height: 264),
        resetPulse: ResetPulse(highBefore: .milliseconds(20), low: .milliseconds(2), highAfter: .milliseconds(20)),
        fullUpdateOptions: [0x00, 0x00], partialUpdateOptions: [0x00, 0x00],
        fastTemperature: [0x64, 0x00], partialWaveform: .otp)

    /// Waveshare 4.2" V2: SSD1683, 400×300. Full refreshes bypass the RED RAM (0x21 = 40 00); the fast
    /// waveform is the forced 110 °C one (about 1.5 s).
    static let waveshare4in2V2 = SSD168xPanel(
        model: .waveshare4in2V2, nativeSize: PixelSize(width: 400, height: 300),
        resetPulse: ResetPulse(highBefore: .milliseconds(100), low: .milliseconds(2), highAfter: .milliseconds(100)),
        fullUpdateOptions: [0x40, 0x00], partialUpdateOptions: [0x00, 0x00],
        fastTemperature: [0x6E], partialWaveform: .otp)

    static func forModel(_ model: PanelModel) -> SSD168xPanel? {
        switch model {
        case .waveshare2in13V4: .waveshare2in13V4
        case .waveshare2in9V2: .waveshare2in9V2
        case .waveshare2in7V2: .waveshare2in7V2
        case .waveshare4in2V2: .waveshare4in2V2
        case .waveshare7in5V2, .simulated: nil
        }
    }
}
