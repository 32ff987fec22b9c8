#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubTestSupport
import Testing

@testable import InkUI

@Suite("Text rendering")
struct TextRenderingTests {
    @Test("glyphs are crisp: even on a grey panel text has only black and white pixels")
    func crispGlyphs() throws {
        let frame = try render(
            VStack { Text("Crisp 23.5 °C").font(.system(size: 13)); Text("Zürich").font(.system(size: 40, weight: .bold)) },
            width: 200, height: 80, capability: .grayscale4)
        let counts = frame.inkCounts
        #expect(counts[.black, default: 0] > 100)
        #expect(counts[.lightGray] == nil)
        #expect(counts[.darkGray] == nil)
    }

    @Test("kerning pulls A and V together")
    func kerning() throws {
        for size in [16, 32, 64] {
            let font = Font.system(size: size)
            let pair = try naturalWidth("AV", font: font)
            let apart = try naturalWidth("A", font: font) + (try naturalWidth("V", font: font))
            #expect(pair < apart, "at \(size) px")
        }
        #expect(try naturalWidth("HH") == 2 * (try naturalWidth("H")))
    }

    @Test("accented Latin letters render as real glyphs, not replacement boxes")
    func nonASCII() throws {
        let renderer = try makeRenderer()
        let atlas = renderer.tree.atlas
        let font = atlas.fontIndex(for: .body)
        for city in ["São Paulo", "Zürich", "Kraków", "Reykjavík", "Łódź", "Ærøskøbing"] {
            for scalar in city.unicodeScalars where scalar != " " {
                #expect(!atlas.isReplacement(font, atlas.glyph(font, scalar.value)), "\(scalar) in \(city)")
            }
        }
        let accented = try render(Text("ün"), width: 100, height: 30)
        let plain = try render(Text("un"), width: 100, height: 30)
        #expect(accented != plain)
        #expect(try #require(accented.inkBounds).minY < (try #require(plain.inkBounds).minY))
    }

    @Test("characters the font lacks show a replacement box each")
    func replacementBox() throws {
        let renderer = try makeRenderer()
        let atlas = renderer.tree.atlas
        let font = atlas.fontIndex(for: .body)
        #expect(atlas.isReplacement(font, atlas.glyph(font, 0x6771)))
        let frame = try render(Text("東京"), width: 60, height: 30)
        let bounds = try #require(frame.inkBounds)
        // Two outlined boxes: a row through their middle crosses four vertical edges.
        #expect(frame.inkRuns(row: bounds.minY + bounds.height / 2).count == 4)
        #expect(frame.inkRuns(row: bounds.minY).count == 2)
    }

    @Test("the same text renders the same glyphs in every renderer sharing a library")
    func glyphCache() throws {
        let library = try FontLibrary()
        let first = Renderer(fonts: library)
        let view = Text("Kraków 12°").font(.system(size: 21))
        let a = first.render(view, size: PixelSize(width: 150, height: 40), capability: .monochrome)
        let rasterized = library.rasterizedGlyphCount
        #expect(rasterized > 0)
        #expect(first.render(view, size: PixelSize(width: 150, height: 40), capability: .monochrome) == a)
        let second = Renderer(fonts: library)
        #expect(second.render(view, size: PixelSize(width: 150, height: 40), capability: .grayscale4).inkBounds == a.inkBounds)
        #expect(library.rasterizedGlyphCount == rasterized)
        #expect(library.openedFaceCount == 4)
    }

    @Test("bold and monospaced fonts use their own faces")
    func faces() throws {
        let regular = try naturalWidth("Weather", font: .system(size: 20))
        let bold = try naturalWidth("Weather", font: .system(size: 20, weight: .bold))
        #expect(bold > regular)
        let mono = Font.system(size: 20, design: .monospaced)
        #expect(try naturalWidth("iiii", font: mono) == (try naturalWidth("MMMM", font: mono)))
        let digits = Font.system(size: 20).monospacedDigit()
        #expect(try naturalWidth("1111", font: digits) == (try naturalWidth("8888", font: digits)))
    }

    @Test("a missing font file is an error naming the file, the folders and the package")
    func missingFont() throws {
        let folder = try TemporaryFolder()
        let error = #expect(throws: FontError.self) { try FontLibrary(searchPaths: [folder.path]) }
        #expect(error?.code == .fileMissing)
        let message = error?.description ?? ""
        #expect(message.contains("DejaVuSans.ttf"))
        #expect(message.contains(folder.path))
        #expect(message.contains("fonts-dejavu-core"))
    }

    @Test("a font file FreeType cannot read is an error naming its path")
    func unreadableFont() throws {
        let folder = try TemporaryFolder()
        for name in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf"] {
            try Data("not a font".utf8).write(to: URL(fileURLWithPath: folder.path + "/" + name))
        }
        let error = #expect(throws: FontError.self) { try FontLibrary(searchPaths: [folder.path]) }
        #expect(error?.code == .unreadable)
        #expect(error?.description.contains(folder.path + "/DejaVuSans.ttf") == true)
    }

    @Test("font files are read as glyphs are needed, never mapped into memory whole")
    func fontsAreNotMapped() throws {
        let library = try FontLibrary()
        let frame = try render(Text("Mapped? 19.5 °C").font(.system(size: 30, weight: .bold)), width: 300, height: 40)
        #expect(frame.inkCounts[.black, default: 0] > 100)
        let mappings = try ProcFile.text("/proc/self/maps")
        #expect(mappings.contains("libfreetype"), "the whole list was read")
        #expect(library.facePaths.filter { mappings.contains($0) } == [])
    }

    @Test("face files can be given as absolute paths")
    func absolutePaths() throws {
        let folder = "/usr/share/fonts/truetype/dejavu/"
        let files = FontLibrary.FaceFiles(
            regular: folder + "DejaVuSansCondensed.ttf", bold: folder + "DejaVuSansCondensed-Bold.ttf",
            monospaced: folder + "DejaVuSansMono.ttf", monospacedBold: folder + "DejaVuSansMono-Bold.ttf",
            package: "fonts-dejavu-extra")
        let library = try FontLibrary(searchPaths: [], faceFiles: files)
        #expect(library.facePaths.first == folder + "DejaVuSansCondensed.ttf")
    }

    @Test("a text sample renders as its golden image", arguments: ColorCapability.allCases)
    func textGolden(_ capability: ColorCapability) throws {
        let view = VStack(alignment: .leading, spacing: 2) {
            Text("São Paulo 31° · Zürich 12°").font(.system(size: 11))
            Text("Kraków −4 °C, Reykjavík").font(.system(size: 14))
            Text("AVATAR Typography 0123456789").font(.system(size: 17, weight: .bold))
            Text("Wind 12 km/h NNE").font(.system(size: 24))
            Text("21.5°").font(.system(size: 48, weight: .bold).monospacedDigit()).foregroundColor(.red)
            Text("東京 missing glyphs").font(.system(size: 14)).foregroundColor(.darkGray)
        }
        goldens.expectMatch(try render(view, width: 296, height: 176, capability: capability), named: "text-sample-\(capability)")
    }
}

/// A folder under the system's temporary directory, removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("inkui-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
