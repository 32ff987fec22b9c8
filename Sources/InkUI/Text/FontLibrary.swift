import CFreeType
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The font faces of the process, loaded once through FreeType, and the glyphs rasterised from them.
///
/// Share one library between all renderers: each face file is parsed once, each glyph (face, pixel
/// size, glyph) rasterised once, in FreeType's hinted monochrome mode so one-bit panels show crisp
/// stems. A `Mutex` guards FreeType, which is not thread-safe; renderers keep their own lock-free copy
/// of the glyphs they use, so the lock is taken only the first time a renderer meets a glyph.
public final class FontLibrary: Sendable {
    /// The file names of the four faces InkUI uses, and the Debian package that installs them.
    public struct FaceFiles: Sendable, Hashable {
        public var regular: String
        public var bold: String
        public var monospaced: String
        public var monospacedBold: String
        /// Named in errors when a file is missing.
        public var package: String

        /// Face files by name (looked up in the search path) or absolute path.
        public init(regular: String, bold: String, monospaced: String, monospacedBold: String, package: String) {
            self.regular = regular
            self.bold = bold
            self.monospaced = monospaced
            self.monospacedBold = monospacedBold
            self.package = package
        }

        /// DejaVu Sans from Debian's and Raspberry Pi OS's `fonts-dejavu-core`.
        public static let dejaVu = FaceFiles(
            regular: "DejaVuSans.ttf", bold: "DejaVuSans-Bold.ttf",
            monospaced: "DejaVuSansMono.ttf", monospacedBold: "DejaVuSansMono-Bold.ttf",
            package: "fonts-dejavu-core")

        func name(of face: FontFace) -> String {
            switch face {
            case .regular: regular
            case .bold: bold
            case .monospaced: monospaced
            case .monospacedBold: monospacedBold
            }
        }
    }

    /// Where Debian, Raspberry Pi OS and other distributions put DejaVu.
    public static let defaultSearchPaths = [
        "/usr/share/fonts/truetype/dejavu",
        "/usr/share/fonts/dejavu",
        "/usr/share/fonts/TTF",
        "/usr/local/share/fonts",
    ]

    /// The folders searched, in order.
    public let searchPaths: [String]
    /// The face files requested.
    public let faceFiles: FaceFiles
    /// The full path of each face loaded: regular, bold, monospaced, monospaced bold.
    public let facePaths: [String]

    private let state: Mutex<FreeTypeState>

    /// Opens the four faces, looking each file up in `searchPaths` (an absolute file name is used as
    /// is). Throws a `FontError` naming the file and the package when one is missing or unreadable.
    public init(searchPaths: [String] = FontLibrary.defaultSearchPaths, faceFiles: FaceFiles = .dejaVu) throws(FontError) {
        self.searchPaths = searchPaths
        self.faceFiles = faceFiles
        var paths: [String] = []
        for face in FontFace.allCases {
            let name = faceFiles.name(of: face)
            guard let path = FontLibrary.locate(name, in: searchPaths) else {
                throw FontError(
                    code: .fileMissing, path: name, searchPaths: searchPaths, package: faceFiles.package,
                    freeTypeError: nil)
            }
            paths.append(path)
        }
        self.facePaths = paths
        let opened = try FreeTypeState.open(paths: paths, searchPaths: searchPaths, package: faceFiles.package)
        self.state = Mutex(opened)
    }

    deinit {
        state.withLock { $0.close() }
    }

    private static func locate(_ name: String, in searchPaths: [String]) -> String? {
        if name.hasPrefix("/") { return access(name, R_OK) == 0 ? name : nil }
        for folder in searchPaths {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            if access(path, R_OK) == 0 { return path }
        }
        return nil
    }

    // MARK: Used by renderers

    /// Line metrics of a face at a pixel size.
    func metrics(of face: FontFace, pixelSize: Int) -> FontMetrics {
        state.withLock { $0.metrics(of: face, pixelSize: pixelSize) }
    }

    /// The glyph for a Unicode scalar, rasterised on first use; `nil` when the face has no glyph for it.
    func glyph(of face: FontFace, pixelSize: Int, scalar: UInt32) -> GlyphImage? {
        state.withLock { $0.glyph(of: face, pixelSize: pixelSize, scalar: scalar) }
    }

    /// The kerning between two glyphs in whole pixels (zero when the face has no kerning table).
    func kerning(of face: FontFace, pixelSize: Int, left: UInt32, right: UInt32) -> Int {
        state.withLock { $0.kerning(of: face, pixelSize: pixelSize, left: left, right: right) }
    }

    /// Whether the face carries kerning pairs.
    func hasKerning(_ face: FontFace) -> Bool {
        state.withLock { $0.hasKerning(face) }
    }

    /// How many glyph bitmaps FreeType has rendered so far (each at most once).
    var rasterizedGlyphCount: Int {
        state.withLock { $0.rasterizedGlyphCount }
    }

    /// How many face files FreeType has opened (each once).
    var openedFaceCount: Int {
        state.withLock { $0.faces.count }
    }
}

/// Ascent, descent and line height of a face at a pixel size, in whole pixels.
struct FontMetrics {
    var ascent: Int
    var descent: Int
    var lineHeight: Int
}

/// A rasterised glyph: one-bit rows (leftmost pixel in the top bit, rows `pitch` bytes apart, unused
/// bits zero), its offset from the pen position and its advance.
struct GlyphImage: Sendable {
    var glyphIndex: UInt32
    var advance: Int
    var left: Int
    var top: Int
    var width: Int
    var height: Int
    var pitch: Int
    var bits: [UInt8]
}

/// FreeType's library, faces, sizes and the glyph cache, only ever touched under the library's lock.
private struct FreeTypeState: ~Copyable {
    private struct SizeKey: Hashable {
        let face: Int
        let pixelSize: Int
    }

    private struct GlyphKey: Hashable {
        let face: Int
        let pixelSize: Int
        let glyphIndex: UInt32
    }

    private var library: FT_Library?
    private(set) var faces: [FT_Face]
    private var sizes: [SizeKey: FT_Size] = [:]
    private var glyphs: [GlyphKey: GlyphImage] = [:]
    private(set) var rasterizedGlyphCount = 0

    private init(library: FT_Library?, faces: [FT_Face]) {
        self.library = library
        self.faces = faces
    }

    static func open(paths: [String], searchPaths: [String], package: String) throws(FontError) -> FreeTypeState {
        var library: FT_Library?
        let status = FT_Init_FreeType(&library)
        guard status == 0, let library else {
            throw FontError(
                code: .libraryFailed, path: "", searchPaths: searchPaths, package: package, freeTypeError: status)
        }
        var faces: [FT_Face] = []
        for path in paths {
            var face: FT_Face?
            let error = cfreetype_open_face(library, path, &face)
            guard error == 0, let face, cfreetype_is_scalable(face) != 0 else {
                if let face { FT_Done_Face(face) }
                for opened in faces { FT_Done_Face(opened) }
                FT_Done_FreeType(library)
                throw FontError(
                    code: .unreadable, path: path, searchPaths: searchPaths, package: package,
                    freeTypeError: error)
            }
            faces.append(face)
        }
        return FreeTypeState(library: library, faces: faces)
    }

    mutating func close() {
        for face in faces { FT_Done_Face(face) }
        faces.removeAll()
        sizes.removeAll()
        if let library { FT_Done_FreeType(library) }
        library = nil
    }

    /// Makes the face's size object for this pixel size current, creating it on first use.
    private mutating func activate(_ face: FontFace, pixelSize: Int) -> FT_Face {
        let ftFace = faces[face.rawValue]
        let key = SizeKey(face: face.rawValue, pixelSize: pixelSize)
        if let size = sizes[key] {
            FT_Activate_Size(size)
        } else {
            var size: FT_Size?
            if FT_New_Size(ftFace, &size) == 0, let size {
                FT_Activate_Size(size)
                FT_Set_Pixel_Sizes(ftFace, 0, FT_UInt(pixelSize))
                sizes[key] = size
            } else {
                FT_Set_Pixel_Sizes(ftFace, 0, FT_UInt(pixelSize))
            }
        }
        return ftFace
    }

    mutating func metrics(of face: FontFace, pixelSize: Int) -> FontMetrics {
        let ftFace = activate(face, pixelSize: pixelSize)
        let metrics = ftFace.pointee.size.pointee.metrics
        let ascent = Int((metrics.ascender + 63) >> 6)
        let descent = Int((-metrics.descender + 63) >> 6)
        let height = Int((metrics.height + 32) >> 6)
        return FontMetrics(ascent: ascent, descent: descent, lineHeight: max(height, ascent + descent))
    }

    mutating func glyph(of face: FontFace, pixelSize: Int, scalar: UInt32) -> GlyphImage? {
        let ftFace = faces[face.rawValue]
        let index = FT_Get_Char_Index(ftFace, FT_ULong(scalar))
        guard index != 0 else { return nil }
        let key = GlyphKey(face: face.rawValue, pixelSize: pixelSize, glyphIndex: index)
        if let cached = glyphs[key] { return cached }
        _ = activate(face, pixelSize: pixelSize)
        guard FT_Load_Glyph(ftFace, index, Int32(FT_LOAD_DEFAULT) | cfreetype_load_target_mono()) == 0,
            FT_Render_Glyph(ftFace.pointee.glyph, FT_RENDER_MODE_MONO) == 0
        else { return nil }
        let slot = ftFace.pointee.glyph.pointee
        let bitmap = slot.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        let pitch = (width + 7) / 8
        var bits = [UInt8](repeating: 0, count: pitch * height)
        if let buffer = bitmap.buffer, width > 0 {
            let sourcePitch = Int(bitmap.pitch)
            let tailMask = UInt8(truncatingIfNeeded: 0xFF << ((8 - width % 8) % 8))
            for row in 0..<height {
                // A negative pitch means FreeType stored the rows bottom-up.
                let sourceRow = sourcePitch >= 0 ? buffer + row * sourcePitch : buffer + (height - 1 - row) * -sourcePitch
                for column in 0..<pitch { bits[row * pitch + column] = sourceRow[column] }
                bits[row * pitch + pitch - 1] &= tailMask
            }
        }
        let image = GlyphImage(
            glyphIndex: index, advance: Int((slot.advance.x + 32) >> 6),
            left: Int(slot.bitmap_left), top: Int(slot.bitmap_top),
            width: width, height: height, pitch: pitch, bits: bits)
        glyphs[key] = image
        rasterizedGlyphCount += 1
        return image
    }

    mutating func kerning(of face: FontFace, pixelSize: Int, left: UInt32, right: UInt32) -> Int {
        let ftFace = activate(face, pixelSize: pixelSize)
        var vector = FT_Vector()
        guard FT_Get_Kerning(ftFace, left, right, FT_UInt(FT_KERNING_DEFAULT.rawValue), &vector) == 0 else { return 0 }
        return Int((vector.x + 32) >> 6)
    }

    func hasKerning(_ face: FontFace) -> Bool {
        cfreetype_has_kerning(faces[face.rawValue]) != 0
    }
}
