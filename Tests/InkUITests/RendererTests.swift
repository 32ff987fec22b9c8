import Testing

@testable import InkUI

@Suite("Renderer")
struct RendererTests {
    @Test("grey areas dither on one-bit panels: light grey a quarter, dark grey half the pixels")
    func greyAreas() throws {
        let light = try render(Rectangle().fill(.lightGray), width: 16, height: 16)
        let dark = try render(Rectangle().fill(.darkGray), width: 16, height: 16)
        #expect(light.inkCounts[.black] == 64)
        #expect(dark.inkCounts[.black] == 128)
        #expect(dark[0, 0] != dark[1, 0])
        #expect(dark[0, 0] != dark[0, 1])
    }

    @Test("grey areas are real greys on grey panels and red shows only on red panels")
    func inksPerCapability() throws {
        let grey = try render(Rectangle().fill(.lightGray), width: 8, height: 8, capability: .grayscale4)
        #expect(grey.inkCounts == [.lightGray: 64])
        let red = try render(Rectangle().fill(.red), width: 8, height: 8, capability: .blackWhiteRed)
        #expect(red.inkCounts == [.red: 64])
        let redOnMono = try render(Rectangle().fill(.red), width: 8, height: 8)
        #expect(redOnMono.inkCounts == [.black: 64])
    }

    @Test("grey text stays solid on one-bit panels")
    func greyText() throws {
        let black = try render(Text("Humidity 45 %"), width: 200, height: 30)
        let grey = try render(Text("Humidity 45 %").foregroundColor(.darkGray), width: 200, height: 30)
        #expect(grey == black)
    }

    @Test("an inverted block is white on black")
    func inverted() throws {
        let normal = try render(Text("NOW").padding(4), width: 80, height: 40)
        let inverted = try render(Text("NOW").padding(4).inverted(), width: 80, height: 40)
        let block = try #require(inverted.inkBounds)
        let glyphs = normal.inkCounts[.black] ?? 0
        #expect(inverted.inkCounts[.black] == block.width * block.height - glyphs)
        #expect(inverted[block.minX, block.minY] == .black)
    }

    @Test("inverting keeps red pixels red")
    func invertedRed() throws {
        let frame = try render(Text("ALERT").foregroundColor(.red).padding(2).inverted(), width: 80, height: 40, capability: .blackWhiteRed)
        #expect((frame.inkCounts[.red] ?? 0) > 20)
        #expect((frame.inkCounts[.black] ?? 0) > 100)
    }

    @Test("a border is drawn inside the view's edges")
    func border() throws {
        let frame = try render(Rectangle().fill(.white).frame(width: 20, height: 10).border(.black, width: 2), width: 20, height: 10)
        #expect(frame.inkRuns(row: 0) == [0..<20])
        #expect(frame.inkRuns(row: 5) == [0..<2, 18..<20])
    }

    @Test("shapes fill or stroke the space they are offered")
    func shapes() throws {
        let circle = try render(Circle().stroke(.black, lineWidth: 2), width: 20, height: 20)
        #expect(circle.inkRuns(row: 10) == [0..<2, 18..<20])
        let capsule = try render(Capsule().fill(.black), width: 40, height: 10)
        #expect(capsule.inkRuns(row: 5) == [0..<40])
        #expect(try #require(capsule.inkRuns(row: 0).first).lowerBound > 2)
        let rounded = try render(RoundedRectangle(cornerRadius: 4).stroke(.black), width: 20, height: 10)
        #expect(rounded.inkRuns(row: 5) == [0..<1, 19..<20])
        #expect(rounded[0, 0] == .white)
    }

    @Test("backgrounds and overlays are sized to their view")
    func backgroundAndOverlay() throws {
        // A white block padded to 30×10: the padding shows the background, the corner the overlay.
        let frame = try render(
            Rectangle().fill(.white).frame(width: 20, height: 6).padding(.horizontal, 5).padding(.vertical, 2)
                .background { Rectangle().fill(.darkGray) }
                .overlay(alignment: .topTrailing) { Rectangle().fill(.black).frame(width: 4, height: 4) },
            width: 50, height: 20, capability: .grayscale4)
        #expect(frame[11, 10] == .darkGray)
        #expect(frame[25, 10] == .white)
        #expect(frame[37, 6] == .black)
        #expect(frame[35, 6] == .darkGray)
        #expect(frame[25, 16] == .white)
        let filled = try render(Text("x").frame(width: 30, height: 24).background(.darkGray), width: 50, height: 40, capability: .grayscale4)
        #expect(try #require(filled.inkBounds) == PixelRect(x: 10, y: 8, width: 30, height: 24))
    }

    @Test("hidden views keep their room; clipped views stay inside it; offsets move only the drawing")
    func hiddenClippedOffset() throws {
        let hidden = try render(HStack(spacing: 0) { Rectangle().frame(width: 10).hidden(); Rectangle().frame(width: 10) }, width: 20, height: 2)
        #expect(hidden.inkRuns(row: 1) == [10..<20])
        let clipped = try render(Rectangle().frame(width: 40, height: 40).frame(width: 10, height: 10).clipped(), width: 40, height: 40)
        #expect(clipped.inkBounds == PixelRect(x: 15, y: 15, width: 10, height: 10))
        let offset = try render(HStack(spacing: 0) { Rectangle().frame(width: 10).offset(x: 5); Spacer().frame(width: 10) }, width: 20, height: 2)
        #expect(offset.inkRuns(row: 1) == [5..<15])
    }

    @Test("images draw their pixels, mapped to the target's inks")
    func images() throws {
        var picture = Frame(size: PixelSize(width: 4, height: 2), capability: .grayscale4)
        picture[0, 0] = .black
        picture[1, 0] = .darkGray
        picture[3, 1] = .black
        let same = try render(Image(picture), width: 4, height: 2, capability: .grayscale4)
        #expect(same == picture)
        let mono = try render(Image(picture).padding(.leading, 3), width: 7, height: 2)
        #expect(mono[3, 0] == .black)
        #expect(mono[6, 1] == .black)
        #expect(mono[5, 0] == .white)
    }

    @Test("rendering into a rectangle clears and draws only there")
    func subRectangle() throws {
        let renderer = try makeRenderer()
        var frame = Frame(size: PixelSize(width: 40, height: 20), capability: .monochrome, fill: .black)
        renderer.render(Rectangle().fill(.white).overlay { Rectangle().frame(width: 100, height: 2) }, into: &frame, in: PixelRect(x: 10, y: 5, width: 20, height: 10))
        #expect(frame.inkRuns(row: 0) == [0..<40])
        #expect(frame.inkRuns(row: 7) == [0..<10, 30..<40])
        #expect(frame.inkRuns(row: 9) == [0..<40])
    }

    @Test("a renderer gives the same frame every time and keeps no state between views")
    func reuse() throws {
        let renderer = try makeRenderer()
        let size = PixelSize(width: 120, height: 60)
        let first = renderer.render(Text("Kraków").font(.title), size: size, capability: .monochrome)
        let other = renderer.render(VStack { Icon(.moon, size: 30); Text("Oslo") }, size: size, capability: .grayscale4)
        #expect(renderer.render(Text("Kraków").font(.title), size: size, capability: .monochrome) == first)
        #expect(renderer.render(VStack { Icon(.moon, size: 30); Text("Oslo") }, size: size, capability: .grayscale4) == other)
    }
}
