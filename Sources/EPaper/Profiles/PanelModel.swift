/// The panels WeatherHub drives. The raw value is the name used in configuration.
public enum PanelModel: String, Sendable, Hashable, Codable, CaseIterable {
    case waveshare2in13V4 = "waveshare-2in13-v4"
    case waveshare2in9V2 = "waveshare-2in9-v2"
    case waveshare2in7V2 = "waveshare-2in7-v2"
    case waveshare4in2V2 = "waveshare-4in2-v2"
    case waveshare7in5V2 = "waveshare-7in5-v2"
    /// No hardware: every refresh becomes an image file.
    case simulated

    /// The controller chip on the panel.
    public var controller: ControllerChip {
        switch self {
        case .waveshare2in13V4, .waveshare2in9V2, .waveshare2in7V2: .ssd1680
        case .waveshare4in2V2: .ssd1683
        case .waveshare7in5V2: .uc8179
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
