import HubTestSupport
import Testing

@testable import InkUI

/// The DejaVu faces every test shares (one library per process, as in the service).
let sharedFonts = Result { () throws(FontError) -> FontLibrary in try FontLibrary() }

/// A renderer over the shared fonts.
func makeRenderer() throws -> Renderer {
    Renderer(fonts: try sharedFonts.get())
}

/// The goldens of this test target.
let goldens = GoldenImage.forTestFile()

/// Renders a view into a new frame.
func render<V: View>(
    _ view: V, width: Int, height: Int, capability: ColorCapability = .monochrome,
    environment: EnvironmentValues = EnvironmentValues()
) throws -> Frame {
    try makeRenderer().render(view, size: PixelSize(width: width, height: height), capability: capability, environment: environment)
}

extension Frame {
    /// The smallest rectangle holding every pixel that is not white, or `nil` for a blank frame.
    var inkBounds: PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<size.height {
            for x in 0..<size.width where self[x, y] != .white {
                minX = min(minX, x)
                minY = min(minY, y)
                maxX = max(maxX, x)
                maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The runs of non-white pixels on a row, as ranges of x.
    func inkRuns(row y: Int) -> [Range<Int>] {
        Self.runs(count: size.width) { x in self[x, y] != .white }
    }

    /// The runs of non-white pixels in a column, as ranges of y.
    func inkRuns(column x: Int) -> [Range<Int>] {
        Self.runs(count: size.height) { y in self[x, y] != .white }
    }

    /// The runs of positions in `0..<count` where `inked` holds.
    private static func runs(count: Int, inked: (Int) -> Bool) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for position in 0...count {
            let isInked = position < count && inked(position)
            if isInked, start == nil { start = position }
            if !isInked, let first = start {
                runs.append(first..<position)
                start = nil
            }
        }
        return runs
    }

    /// How many pixels hold each ink.
    var inkCounts: [Ink: Int] {
        var counts: [Ink: Int] = [:]
        for y in 0..<size.height {
            for x in 0..<size.width { counts[self[x, y], default: 0] += 1 }
        }
        return counts
    }
}

/// The lines a text is broken into at a width and line limit, "…" marking truncation.
func brokenLines(_ string: String, font: Font = .body, width: Int?, maxLines: Int = Int.max) throws -> [String] {
    let renderer = try makeRenderer()
    let tree = renderer.tree
    tree.reset()
    var environment = EnvironmentValues()
    environment.font = font
    var context = _LoweringContext(tree: tree, environment: environment)
    let node = context.lowerList(Text(string), stackAxis: nil)
    guard case .text(let payload) = tree.nodes[node].kind else { return [] }
    let scalars = Array(string.unicodeScalars)
    var breaker = LineBreaker(payload: payload, glyphs: tree.glyphs.base, maxWidth: width, maxLines: maxLines)
    var lines: [String] = []
    while let line = breaker.next() {
        var text = String(String.UnicodeScalarView(scalars[(line.start - payload.glyphStart)..<(line.end - payload.glyphStart)]))
        if line.truncated { text += "…" }
        lines.append(text)
    }
    return lines
}

/// The width a string takes on one line.
func naturalWidth(_ string: String, font: Font = .body) throws -> Int {
    try textFrameSize(string, font: font).width
}

/// The size a text node chooses when offered nothing (its ideal size).
func textFrameSize(_ string: String, font: Font = .body, offer: (Int?, Int?) = (nil, nil)) throws -> PixelSize {
    let renderer = try makeRenderer()
    let tree = renderer.tree
    tree.reset()
    var environment = EnvironmentValues()
    environment.font = font
    var context = _LoweringContext(tree: tree, environment: environment)
    let node = context.lowerList(Text(string), stackAxis: nil)
    return tree.size(node, ProposedSize(width: offer.0, height: offer.1))
}
