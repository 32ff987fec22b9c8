/// The byte to write into each plane of a frame for one ink on one row.
///
/// Ink mapping on panels that lack an ink (documented in `Renderer`):
/// - areas (fills, backgrounds, bars, placeholders): grey becomes an ordered 2×2 dither of black on
///   one-bit planes (light grey 25 %, dark grey 50 %), aligned to the frame so neighbouring fills tile;
/// - marks (text, icons, lines, borders): any grey is black on one-bit planes, so glyphs stay solid;
/// - red is black where there is no red plane.
struct PlanePatterns {
    private(set) var count: Int
    private var first: UInt8
    private var second: UInt8

    subscript(plane: Int) -> UInt8 { plane == 0 ? first : second }

    /// The patterns for `ink` on row `row`; `area` selects dithering of grey on one-bit planes.
    init(ink: Ink, capability: ColorCapability, row: Int, area: Bool) {
        switch capability {
        case .grayscale4:
            count = 1
            second = 0
            switch ink {
            case .white: first = 0x00
            case .lightGray: first = 0x55
            case .darkGray: first = 0xAA
            case .black, .red: first = 0xFF
            }
        case .monochrome:
            count = 1
            second = 0
            first = PlanePatterns.oneBit(ink, row: row, area: area)
        case .blackWhiteRed:
            count = 2
            if ink == .red {
                first = 0x00
                second = 0xFF
            } else {
                first = PlanePatterns.oneBit(ink, row: row, area: area)
                second = 0x00
            }
        }
    }

    /// Patterns for an ink the frame holds exactly (after `Frame.representable`).
    init(solid ink: Ink, capability: ColorCapability) {
        self.init(ink: ink, capability: capability, row: 0, area: false)
    }

    private static func oneBit(_ ink: Ink, row: Int, area: Bool) -> UInt8 {
        switch ink {
        case .white: return 0x00
        case .black, .red: return 0xFF
        case .lightGray: return area ? (row & 1 == 0 ? 0xAA : 0x00) : 0xFF
        case .darkGray: return area ? (row & 1 == 0 ? 0xAA : 0x55) : 0xFF
        }
    }
}
