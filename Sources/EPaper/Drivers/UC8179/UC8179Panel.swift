import InkUI

/// The facts that differ between the UC8179 panels: the 7.5" V2 in black and white (KW mode, with fast
/// and partial refresh) and the 7.5" (B) V2 in black, white and red (KWR mode, full refresh only). See
/// `hardware/README.md` and `docs/three-colour-panels.md`.
struct UC8179Panel: Sendable, Hashable {
    var model: PanelModel
    /// Black and white (KW mode), or black, white and red (KWR mode).
    var capability: ColorCapability
    var resetPulse: ResetPulse
    /// Panel setting (PSR, 0x00): LUT from OTP, KW (0x1F) or KWR (0x0F) mode, scan up and right, booster on.
    var panelSetting: UInt8
    /// The first byte of VCOM and data interval (CDI, 0x50) for full and fast refreshes. Both panels use
    /// DDX = 01: bit 1 = white in DTM1, and in DTM2 bit 1 = white (KW) or red (KWR).
    var dataInterval: UInt8
    var features: PanelFeatures

    /// 800×480 on both panels.
    var nativeSize: PixelSize { UC8179Driver.nativeSize }

    /// Waveshare 7.5" V2: CDI 0x29 as GxEPD2 sends it (N2OCP = 1, so NEW is copied to OLD after a refresh).
    static let waveshare7in5V2 = UC8179Panel(
        model: .waveshare7in5V2, capability: .monochrome,
        resetPulse: ResetPulse(highBefore: .milliseconds(20), low: .milliseconds(2), highAfter: .milliseconds(20)),
        panelSetting: 0x1F, dataInterval: 0x29, features: PanelFeatures(fastRefresh: true, partialRefresh: true))

    /// Waveshare 7.5" (B) V2: CDI 0x11 (border BDV = 01, N2OCP = 0), as Waveshare's and GxEPD2's drivers
    /// send; a full refresh takes about 17 s.
    static let waveshare7in5bV2 = UC8179Panel(
        model: .waveshare7in5bV2, capability: .blackWhiteRed,
        resetPulse: ResetPulse(highBefore: .milliseconds(200), low: .milliseconds(5), highAfter: .milliseconds(200)),
        panelSetting: 0x0F, dataInterval: 0x11, features: PanelFeatures(fastRefresh: false, partialRefresh: false))

    static func forModel(_ model: PanelModel) -> UC8179Panel? {
        switch model {
        case .waveshare7in5V2: .waveshare7in5V2
        case .waveshare7in5bV2: .waveshare7in5bV2
        case .waveshare2in13V4, .waveshare2in9V2, .waveshare2in7V2, .waveshare4in2V2, .waveshare2in13bV4, .waveshare2in9bV4,
            .waveshare4in2bV2, .simulated:
            nil
        }
    }
}
