import Testing

@testable import InkUI

@Suite("PBM")
struct PBMTests {
    @Test("a monochrome frame becomes a P4 bitmap with its rows as they are")
    func monochrome() {
        var frame = Frame(size: PixelSize(width: 10, height: 2), capability: .monochrome)
        frame[0, 0] = .black
        frame[9, 1] = .black
        #expect(PBMEncoder.encode(frame) == Array("P4\n10 2\n".utf8) + [0x80, 0x00, 0x00, 0x40])
    }

    @Test("grey and red become black or white", arguments: [ColorCapability.grayscale4, .blackWhiteRed])
    func otherCapabilities(_ capability: ColorCapability) {
        var frame = Frame(size: PixelSize(width: 5, height: 1), capability: capability)
        for (x, ink) in [Ink.white, .lightGray, .darkGray, .black, .red].enumerated() { frame[x, 0] = ink }
        // On grey panels red was stored as black; on red panels light grey as white and dark grey as black.
        #expect(PBMEncoder.encode(frame) == Array("P4\n5 1\n".utf8) + [0b0011_1000])
    }
}
