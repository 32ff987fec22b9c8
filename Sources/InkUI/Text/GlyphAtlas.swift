/// A renderer's own copy of the glyphs it has drawn: metrics in a flat buffer, bitmaps in one byte pool,
/// scalar-to-glyph tables per font. After the first frame every lookup is an array or dictionary read
/// without locks or allocation; misses go to the shared `FontLibrary`.
final class GlyphAtlas {
    /// A glyph's metrics and where its bits lie in the pool.
    struct Entry {
        var glyphIndex: UInt32
        var advance: Int
        var left: Int
        var top: Int
        var width: Int
        var height: Int
        var pitch: Int
        var offset: Int
    }

    /// A font at one pixel size as this renderer uses it.
    struct LocalFont {
        let face: FontFace
        let pixelSize: Int
        let monospacedDigits: Bool
        let metrics: FontMetrics
        let hasKerning: Bool
        /// Glyph entries of the scalars below `directLimit`, `-1` where not looked up yet.
        var direct: [Int32]
        var others: [UInt32: Int32] = [:]
        var kerning: [UInt64: Int32] = [:]
        /// The replacement box for scalars the face lacks, made on first need.
        var replacementBox: Int32 = -1
        /// The advance every digit gets with monospaced digits.
        var digitAdvance = 0
    }

    /// Latin-1 and Latin Extended-A/B go through a plain array.
    static let directLimit: UInt32 = 0x250

    let library: FontLibrary
    private(set) var fonts: [LocalFont] = []
    let entries = ScratchArray<Entry>(capacity: 256)
    let pool = ScratchArray<UInt8>(capacity: 16 * 1024)

    init(library: FontLibrary) {
        self.library = library
    }

    /// The local font for a font request.
    func fontIndex(for font: Font) -> Int {
        let face = font.face, pixelSize = font.pixelSize, monospaced = font.usesMonospacedDigits
        for index in fonts.indices
        where fonts[index].face == face && fonts[index].pixelSize == pixelSize && fonts[index].monospacedDigits == monospaced {
            return index
        }
        fonts.append(
            LocalFont(
                face: face, pixelSize: pixelSize, monospacedDigits: monospaced,
                metrics: library.metrics(of: face, pixelSize: pixelSize),
                hasKerning: library.hasKerning(face),
                direct: [Int32](repeating: -1, count: Int(GlyphAtlas.directLimit))))
        let index = fonts.count - 1
        if monospaced {
            var widest = 0
            for digit in UInt32(0x30)...0x39 { widest = max(widest, entries[Int(glyph(index, digit))].advance) }
            fonts[index].digitAdvance = widest
        }
        return index
    }

    func metrics(_ font: Int) -> FontMetrics { fonts[font].metrics }

    func digitAdvance(_ font: Int) -> Int? {
        fonts[font].monospacedDigits ? fonts[font].digitAdvance : nil
    }

    /// The entry for a scalar; the replacement box when the face has no glyph for it.
    func glyph(_ font: Int, _ scalar: UInt32) -> Int32 {
        if scalar < GlyphAtlas.directLimit {
            let cached = fonts[font].direct[Int(scalar)]
            if cached >= 0 { return cached }
        } else if let cached = fonts[font].others[scalar] {
            return cached
        }
        let entry = load(font, scalar)
        if scalar < GlyphAtlas.directLimit {
            fonts[font].direct[Int(scalar)] = entry
        } else {
            fonts[font].others[scalar] = entry
        }
        return entry
    }

    /// Whether the entry is the replacement box of its font.
    func isReplacement(_ font: Int, _ entry: Int32) -> Bool {
        entry == fonts[font].replacementBox
    }

    /// Kerning between two entries of one font, in pixels.
    func kerning(_ font: Int, _ left: Int32, _ right: Int32) -> Int {
        guard fonts[font].hasKerning else { return 0 }
        let leftIndex = entries[Int(left)].glyphIndex, rightIndex = entries[Int(right)].glyphIndex
        guard leftIndex != 0, rightIndex != 0 else { return 0 }
        let key = UInt64(leftIndex) << 32 | UInt64(rightIndex)
        if let cached = fonts[font].kerning[key] { return Int(cached) }
        let value = library.kerning(of: fonts[font].face, pixelSize: fonts[font].pixelSize, left: leftIndex, right: rightIndex)
        fonts[font].kerning[key] = Int32(value)
        return value
    }

    /// The bits of an entry, `pitch` bytes per row.
    func bits(of entry: Entry) -> UnsafePointer<UInt8> {
        UnsafePointer(pool.base + entry.offset)
    }

    private func load(_ font: Int, _ scalar: UInt32) -> Int32 {
        guard let image = library.glyph(of: fonts[font].face, pixelSize: fonts[font].pixelSize, scalar: scalar) else {
            return replacementBox(font)
        }
        return store(image)
    }

    private func store(_ image: GlyphImage) -> Int32 {
        let offset = pool.count
        for byte in image.bits { pool.append(byte) }
        return Int32(
            entries.append(
                Entry(
                    glyphIndex: image.glyphIndex, advance: image.advance, left: image.left, top: image.top,
                    width: image.width, height: image.height, pitch: image.pitch, offset: offset)))
    }

    /// An outlined box half an em wide and as tall as a capital, the usual sign of a missing glyph.
    private func replacementBox(_ font: Int) -> Int32 {
        if fonts[font].replacementBox >= 0 { return fonts[font].replacementBox }
        let pixelSize = fonts[font].pixelSize
        let width = max(3, pixelSize / 2), height = max(4, fonts[font].metrics.ascent * 3 / 4)
        let pitch = (width + 7) / 8
        var bits = [UInt8](repeating: 0, count: pitch * height)
        for row in 0..<height {
            for column in 0..<width where row == 0 || row == height - 1 || column == 0 || column == width - 1 {
                bits[row * pitch + column / 8] |= 0x80 >> UInt8(column % 8)
            }
        }
        let gap = max(1, pixelSize / 10)
        let box = store(
            GlyphImage(
                glyphIndex: 0, advance: width + 2 * gap, left: gap, top: height, width: width, height: height,
                pitch: pitch, bits: bits))
        fonts[font].replacementBox = box
        return box
    }
}
