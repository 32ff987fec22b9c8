import Testing

@testable import InkUI

/// Issue 4's bad-input list: each renders something sensible, nothing traps.
@Suite("Bad input")
struct BadInputTests {
    @Test("text longer than its box is truncated with an ellipsis inside the box")
    func longText() throws {
        let long = String(repeating: "Weather warning for the whole region ", count: 40)
        let frame = try render(Text(long).frame(width: 120, height: 40), width: 200, height: 100)
        let bounds = try #require(frame.inkBounds)
        #expect(PixelRect(x: 40, y: 30, width: 120, height: 40).contains(bounds))
        let single = try brokenLines(long, width: 120, maxLines: 1)
        #expect(single.count == 1 && single[0].hasSuffix("…"))
    }

    @Test("empty strings draw nothing and take no room")
    func emptyStrings() throws {
        #expect(try render(Text(""), width: 50, height: 20).inkBounds == nil)
        let frame = try render(HStack(spacing: 0) { Text(""); Rectangle().frame(width: 10) }, width: 10, height: 4)
        #expect(frame.inkRuns(row: 2) == [0..<10])
    }

    @Test("zero and negative sizes render nothing instead of trapping")
    func zeroAndNegativeSizes() throws {
        let renderer = try makeRenderer()
        let view = VStack { Text("Oslo"); Icon(.sun); Chart([1, 2, 3]) }
        #expect(renderer.render(view, size: PixelSize(width: -5, height: 10), capability: .monochrome).size == PixelSize(width: 0, height: 10))
        #expect(renderer.render(view, size: PixelSize(width: 0, height: 0), capability: .grayscale4).bytes.isEmpty)
        var frame = Frame(size: PixelSize(width: 20, height: 20), capability: .monochrome)
        renderer.render(view, into: &frame, in: PixelRect(x: 5, y: 5, width: -10, height: 8))
        renderer.render(view, into: &frame, in: PixelRect(x: 50, y: 50, width: 10, height: 10))
        #expect(frame.inkBounds == nil)
        let framed = try render(
            VStack {
                Text("x").frame(width: -10, height: -3)
                Rectangle().frame(minWidth: 50, maxWidth: -5)
                Icon(.moon, size: -4)
                Text("pad").padding(-30)
                Text("big").frame(width: .infinity, height: .infinity)
            },
            width: 60, height: 60)
        #expect(framed.size == PixelSize(width: 60, height: 60))
    }

    @Test("absurd font sizes are clamped, not rasterised at any size")
    func absurdFontSizes() throws {
        #expect(try render(Text("A").font(.system(size: 100_000)), width: 40, height: 40).size == PixelSize(width: 40, height: 40))
        #expect(try render(Text("A").font(.system(size: -3)), width: 40, height: 40).size == PixelSize(width: 40, height: 40))
    }

    @Test("absurd guides, priorities, angles and spacing do not trap")
    func absurdNumbers() throws {
        let view = VStack(spacing: Int.max / 4) {
            Text("a").alignmentGuide(.leading) { _ in Int.max }
            Text("b").alignmentGuide(.leading) { _ in Int.min }.layoutPriority(.nan)
            Icon(.windArrow, size: 20, rotation: .degrees(.infinity))
            HStack(spacing: -1000) { Text("c"); Text("d") }
        }
        .padding(Int.max / 4)
        _ = try render(view, width: 100, height: 100)
    }

    @Test("control characters are dropped and unknown characters become boxes")
    func oddCharacters() throws {
        #expect(try render(Text("a\u{0}b\u{7}c"), width: 60, height: 30) == (try render(Text("abc"), width: 60, height: 30)))
        #expect(try render(Text("\u{10FFFF}\u{E000}"), width: 60, height: 30).inkBounds != nil)
    }

    @Test("deeply nested stacks render, and layout work grows with the number of views, not their depth")
    func deepNesting() throws {
        func nest(_ depth: Int) -> AnyView {
            guard depth > 0 else { return AnyView(Text("deep")) }
            let inner = depth % 2 == 0
                ? AnyView(VStack { nest(depth - 1); Text("v") }) : AnyView(HStack { nest(depth - 1); Text("h") })
            return AnyView(inner.padding(1))
        }
        let renderer = try makeRenderer()
        let frame = renderer.render(nest(60), size: PixelSize(width: 400, height: 400), capability: .monochrome)
        #expect(frame.inkBounds != nil)
        #expect(renderer.tree.sizeComputations <= renderer.tree.nodes.count * SizeCache.slots)
    }
}
