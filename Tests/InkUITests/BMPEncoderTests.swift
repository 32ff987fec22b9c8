import InkUI
import Testing

@Suite("BMP encoder")
struct BMPEncoderTests {
    static func uint32(_ bytes: [UInt8], at offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }

    @Test("an 800×480 frame is the 48,062-byte bitmap TRMNL's firmware checks for")
    func trmnlLayout() {
        var frame = Frame(size: PixelSize(width: 800, height: 480), capability: .monochrome)
        frame[0, 0] = .black
        frame[799, 479] = .black
        let bmp = BMPEncoder.encode(frame)
        #expect(bmp.count == 48_062)
        #expect(Array(bmp[0..<2]) == Array("BM".utf8))
        #expect(Self.uint32(bmp, at: 2) == 48_062)
        #expect(Self.uint32(bmp, at: 10) == 62)
        #expect(Self.uint32(bmp, at: 18) == 800)
        #expect(Self.uint32(bmp, at: 22) == 480)
        #expect(bmp[28] == 1)
        #expect(Self.uint32(bmp, at: 34) == 48_000)
        #expect(Self.uint32(bmp, at: 46) == 2)
        #expect(Array(bmp[54..<62]) == [0, 0, 0, 0, 255, 255, 255, 0])
        // Bottom-up rows; a clear bit is palette index 0, black.
        #expect(bmp[62] == 0xFF, "the file's first row is the bottom one; its first pixels are white")
        #expect(bmp[62 + 99] == 0xFE, "the bottom-right pixel is black")
        #expect(bmp[62 + 479 * 100] == 0x7F, "the top-left pixel is black")
    }

    @Test("rows are padded to four bytes")
    func padding() {
        let bmp = BMPEncoder.encode(Frame(size: PixelSize(width: 10, height: 3), capability: .monochrome))
        #expect(bmp.count == 62 + 3 * 4)
        #expect(Array(bmp[62..<66]) == [0xFF, 0xFF, 0x00, 0x00])
    }
}
