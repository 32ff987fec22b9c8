import Testing

@testable import InkUI

@Suite("Terminal preview")
struct TerminalPreviewTests {
    private func checker() -> Frame {
        var frame = Frame(size: PixelSize(width: 4, height: 4), capability: .monochrome)
        frame[0, 0] = .black
        frame[1, 1] = .black
        frame[2, 0] = .black
        frame[2, 1] = .black
        frame[3, 3] = .black
        return frame
    }

    @Test("half blocks show two pixel rows per line inside a border")
    func halfBlocks() {
        let text = TerminalPreview().render(checker())
        #expect(text == "┌────┐\n│▀▄█ │\n│   ▄│\n└────┘\n")
    }

    @Test("braille shows two by four pixels per character")
    func braille() {
        let text = TerminalPreview(style: .braille, showsBorder: false).render(checker())
        // Left cell: dots 1 (0,0) and 5 (1,1); right cell: dots 1, 2 (column 0 rows 0-1) and 8 (1,3).
        #expect(text == "\u{2811}\u{2883}\n")
    }

    @Test("wide frames are scaled down to the column limit")
    func widthLimit() {
        let frame = Frame(size: PixelSize(width: 800, height: 480), capability: .monochrome, fill: .black)
        let lines = TerminalPreview(maxColumns: 80).render(frame).split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.count > 10)
        #expect(lines[1].contains("█"))
    }

    @Test("red pixels can be coloured with ANSI escapes")
    func colour() {
        var frame = Frame(size: PixelSize(width: 2, height: 2), capability: .blackWhiteRed)
        frame[0, 0] = .red
        let text = TerminalPreview(usesColor: true, showsBorder: false).render(frame)
        #expect(text == "\u{1B}[31m▀\u{1B}[0m \n")
    }

    @Test("an empty frame is an empty box")
    func empty() {
        let text = TerminalPreview().render(Frame(size: PixelSize(width: 0, height: 0), capability: .monochrome))
        #expect(text == "┌┐\n└┘\n")
    }
}
