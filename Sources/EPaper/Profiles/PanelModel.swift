/// The panels WeatherHub drives. The raw value is the name used in configuration: Waveshare's own driver
/// name (`epd2in13_V4`, `epd7in5b_V2`) in lower case with dashes.
public enum PanelModel: String, Sendable, Hashable, Codable, CaseIterable {
    case waveshare2in13V4 = "waveshare-2in13-v4"
    case waveshare2in9V2 = "waveshare-2in9-v2"
    case waveshare2in7V2 = "waveshare-2in7-v2"
    case waveshare4in2V2 = "waveshare-4in2-v2"
    case waveshare7in5V2 = "waveshare-7in5-v2"
    /// 2.13" (B) V4: black, white and red.
    case waveshare2in13bV4 = "waveshare-2in13b-v4"
    /// 2.9" (B) V4: black, white and red.
    case waveshare2in9bV4 = "waveshare-2in9b-v4"
    /// 4.2" (B) V2 with the SSD1683 controller (Waveshare's "new" variant): black, white and red.
    case waveshare4in2bV2 = "waveshare-4in2b-v2"
    /// 7.5" (B) V2: black, white and red.
    case waveshare7in5bV2 = "waveshare-7in5b-v2"
    /// No hardware: every refresh becomes an image file.
    case simulated

    /// The controller chip on the panel.
    public var controller: ControllerChip {
        switch self {
        case .waveshare2in13V4, .waveshare2in9V2, .waveshare2in7V2, .waveshare2in13bV4, .waveshare2in9bV4: .ssd1680
        case .waveshare4in2V2, .waveshare4in2bV2: .ssd1683
        case .waveshare7in5V2, .waveshare7in5bV2: .uc8179
        case .simulated: .simulated
        }
    }
}

/// E-paper controller families, which decide the command set, BUSY polarity and RAM format.
public enum ControllerChip: String, Sendable, Hashable, Codable {
    /// Solomon Systech SSD1680 (up to 176×296): BUSY high while busy, RAM bit 1 = white.
    case ssd1680
    /// Solomon Systech SSD1683 (up to 400×300): as SSD1680.
    case ssd1683
    /// UltraChip UC8179 (GD7965, 800×480): BUSY low while busy, polarity set by CDI (0x50).
    case uc8179
    /// The simulated panel.
    case simulated
}
