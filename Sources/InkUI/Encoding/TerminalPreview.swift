/// Shows a frame in a terminal, for working on a panel over SSH: Unicode half blocks (one character per
/// 1×2 pixels) or braille (2×4 pixels), inked pixels lit. Frames wider than `maxColumns` are scaled
/// down by a whole factor (a cell counts as inked when a quarter of its pixels are).
public struct TerminalPreview: Sendable {
    /// How pixels map to characters.
    public enum Style: Sendable, Hashable {
        /// `▀ ▄ █`: square pixels, two rows per line.
        case halfBlocks
        /// Braille dots: four rows and two columns per character, for big frames in narrow terminals.
        case braille
    }

    public var style: Style
    /// The widest line, border included.
    public var maxColumns: Int
    /// Whether red pixels are coloured red with ANSI escapes.
    public var usesColor: Bool
    /// Whether a line box marks the frame's edges (white areas are otherwise invisible).
    public var showsBorder: Bool

    /// A preview style; 80 columns suit a default SSH terminal.
    public init(style: Style = .halfBlocks, maxColumns: Int = 80, usesColor: Bool = false, showsBorder: Bool = true) {
        self.style = style
        self.maxColumns = maxColumns
        self.usesColor = usesColor
        self.showsBorder = showsBorder
    }

    /// The lines showing the frame, each ending in a newline.
    public func render(_ frame: Frame) -> String {
        let (cellWidth, cellHeight) = style == .halfBlocks ? (1, 2) : (2, 4)
        let available = max(1, maxColumns - (showsBorder ? 2 : 0))
        let width = frame.size.width, height = frame.size.height
        let factor = max(1, (width + available * cellWidth - 1) / (available * cellWidth))
        let columns = (width + factor * cellWidth - 1) / (factor * cellWidth)
        let lines = (height + factor * cellHeight - 1) / (factor * cellHeight)
        var output = ""
        if showsBorder { output += "┌" + String(repeating: "─", count: columns) + "┐\n" }
        for line in 0..<lines {
            if showsBorder { output += "│" }
            for column in 0..<columns {
                var bits = 0
                var red = false
                for dy in 0..<cellHeight {
                    for dx in 0..<cellWidth {
                        let sample = sampleCell(frame, x: (column * cellWidth + dx) * factor, y: (line * cellHeight + dy) * factor, factor: factor)
                        if sample.inked { bits |= 1 << (dy * cellWidth + dx) }
                        red = red || sample.red
                    }
                }
                let character = style == .halfBlocks ? TerminalPreview.halfBlock(bits) : TerminalPreview.braille(bits)
                output += usesColor && red ? "\u{1B}[31m\(character)\u{1B}[0m" : String(character)
            }
            output += showsBorder ? "│\n" : "\n"
        }
        if showsBorder { output += "└" + String(repeating: "─", count: columns) + "┘\n" }
        return output
    }

    /// Whether a `factor`×`factor` block of pixels counts as inked (and whether it holds red).
    private func sampleCell(_ frame: Frame, x: Int, y: Int, factor: Int) -> (inked: Bool, red: Bool) {
        var inked = 0, red = false
        for sy in y..<min(y + factor, frame.size.height) {
            for sx in x..<min(x + factor, frame.size.width) {
                switch frame[sx, sy] {
                case .black, .darkGray: inked += 1
                case .red:
                    inked += 1
                    red = true
                case .white, .lightGray: break
                }
            }
        }
        return (inked > 0 && inked * 4 >= factor * factor, red)
    }

    /// Bit 0 is the upper pixel, bit 1 the lower.
    private static func halfBlock(_ bits: Int) -> Character {
        switch bits {
        case 1: "▀"
        case 2: "▄"
        case 3: "█"
        default: " "
        }
    }

    /// Bits run row by row, two per row; braille numbers its dots column by column.
    private static func braille(_ bits: Int) -> Character {
        let dots = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]
        var code = 0x2800
        for index in 0..<8 where bits & (1 << index) != 0 { code |= dots[index] }
        return Character(Unicode.Scalar(UInt32(code)) ?? " ")
    }
}
