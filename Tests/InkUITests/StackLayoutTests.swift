import Testing

@testable import InkUI

/// Stack distribution, spacers, priorities and alignment, checked on rendered pixels: a `grayscale4`
/// frame keeps black and dark grey apart, so each child's extent can be read back.
@Suite("Stack layout")
struct StackLayoutTests {
    private func block(_ ink: Ink = .black) -> some View { Rectangle().fill(ink) }

    /// The runs of one ink on a row.
    private func runs(_ frame: Frame, row: Int, of ink: Ink) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start: Int?
        for x in 0...frame.size.width {
            let matches = x < frame.size.width && frame[x, row] == ink
            if matches, start == nil { start = x }
            if !matches, let first = start {
                result.append(first..<x)
                start = nil
            }
        }
        return result
    }

    @Test("equally flexible children share the room equally")
    func equalShares() throws {
        let frame = try render(HStack(spacing: 0) { block(.black); block(.darkGray) }, width: 100, height: 10, capability: .grayscale4)
        #expect(runs(frame, row: 5, of: .black) == [0..<50])
        #expect(runs(frame, row: 5, of: .darkGray) == [50..<100])
    }

    @Test("three shares of an odd width differ by at most a pixel and fill it")
    func unevenShares() throws {
        let frame = try render(
            HStack(spacing: 0) { block(.black); block(.darkGray); block(.lightGray) }, width: 100, height: 4, capability: .grayscale4)
        let widths = [Ink.black, .darkGray, .lightGray].map { runs(frame, row: 1, of: $0).first?.count ?? 0 }
        #expect(widths.reduce(0, +) == 100)
        #expect(widths.max()! - widths.min()! <= 1)
    }

    @Test("a fixed child keeps its size and the flexible one takes the rest")
    func fixedAndFlexible() throws {
        let frame = try render(
            HStack(spacing: 0) { block(.black).frame(width: 30); block(.darkGray) }, width: 100, height: 10, capability: .grayscale4)
        #expect(runs(frame, row: 5, of: .black) == [0..<30])
        #expect(runs(frame, row: 5, of: .darkGray) == [30..<100])
    }

    @Test("spacing goes between children and the stack is centred")
    func spacingAndCentring() throws {
        let frame = try render(
            HStack(spacing: 10) { block().frame(width: 20, height: 6); block().frame(width: 20, height: 6) }, width: 100, height: 10)
        #expect(frame.inkRuns(row: 5) == [25..<45, 55..<75])
        #expect(frame.inkRuns(column: 30) == [2..<8])
    }

    @Test("a spacer pushes its siblings to the ends")
    func spacerPushes() throws {
        let frame = try render(
            HStack(spacing: 0) { block().frame(width: 10); Spacer(); block().frame(width: 10) }, width: 100, height: 10)
        #expect(frame.inkRuns(row: 5) == [0..<10, 90..<100])
    }

    @Test("spacers share the leftover room equally")
    func spacersShare() throws {
        let frame = try render(HStack(spacing: 0) { Spacer(); block().frame(width: 10); Spacer() }, width: 100, height: 10)
        #expect(frame.inkRuns(row: 5) == [45..<55])
    }

    @Test("a spacer keeps its minimum length even when room runs out")
    func spacerMinimum() throws {
        let frame = try render(
            HStack(spacing: 0) { block(); Spacer(minLength: 30); block() }, width: 100, height: 10)
        #expect(frame.inkRuns(row: 5) == [0..<35, 65..<100])
    }

    @Test("a spacer in a VStack grows vertically")
    func verticalSpacer() throws {
        let frame = try render(
            VStack(spacing: 0) { block().frame(width: 10, height: 10); Spacer(); block().frame(width: 10, height: 10) },
            width: 20, height: 100)
        #expect(frame.inkRuns(column: 10) == [0..<10, 90..<100])
    }

    @Test("spacers yield to text: a long title truncates only as much as the value beside it needs")
    func spacerYieldsToText() throws {
        let title = "Temperature in the living room"
        let value = "21.5 °C"
        let width = 200
        let valueWidth = try naturalWidth(value)
        let frame = try render(
            HStack(spacing: 0) { Text(title).lineLimit(1); Spacer(); Text(value) }, width: width, height: 30)
        let titleInk = frame.cropped(to: PixelRect(x: 0, y: 0, width: width - valueWidth - 8, height: 30)).inkBounds
        // The title fills the room left of the value and the spacer's 8-pixel minimum, less the "…" gap.
        #expect(try #require(titleInk).maxX > width - valueWidth - 8 - 16)
        #expect(try naturalWidth(title) > width - valueWidth)
    }

    @Test("layout priority serves a child before its siblings")
    func layoutPriority() throws {
        let long = "KRAKOW ZURICH OSLO"
        let naturalLong = try naturalWidth(long)
        let lineHeight = try textFrameSize(long).height
        func row(_ first: some View) throws -> Int {
            let frame = try render(
                HStack(spacing: 0) { first.background(.darkGray); Text(long).lineLimit(1) },
                width: naturalLong + 40, height: lineHeight, capability: .grayscale4)
            // The bottom row lies below the baseline, where capitals leave the background bare.
            return runs(frame, row: lineHeight - 1, of: .darkGray).first?.count ?? 0
        }
        #expect(try row(Text(long).lineLimit(1)) < naturalLong)
        #expect(try row(Text(long).lineLimit(1).layoutPriority(1)) == naturalLong)
    }

    @Test("stacks line children up on their alignment")
    func alignment() throws {
        let leading = try render(
            VStack(alignment: .leading, spacing: 0) { block().frame(width: 20, height: 5); block().frame(width: 40, height: 5) },
            width: 100, height: 10)
        #expect(leading.inkRuns(row: 2) == [30..<50])
        #expect(leading.inkRuns(row: 7) == [30..<70])
        let trailing = try render(
            VStack(alignment: .trailing, spacing: 0) { block().frame(width: 20, height: 5); block().frame(width: 40, height: 5) },
            width: 100, height: 10)
        #expect(trailing.inkRuns(row: 2) == [50..<70])
        let bottom = try render(
            HStack(alignment: .bottom, spacing: 0) { block().frame(width: 5, height: 4); block().frame(width: 5, height: 10) },
            width: 10, height: 10)
        #expect(bottom.inkRuns(column: 2) == [6..<10])
    }

    @Test("an alignment guide moves a child against its siblings")
    func alignmentGuide() throws {
        let frame = try render(
            VStack(alignment: .leading, spacing: 0) {
                block().frame(width: 20, height: 5).alignmentGuide(.leading) { $0.width }
                block().frame(width: 40, height: 5)
            },
            width: 100, height: 10)
        // The first block's trailing edge meets the second's leading edge; together they span 60.
        #expect(frame.inkRuns(row: 2) == [20..<40])
        #expect(frame.inkRuns(row: 7) == [40..<80])
    }

    private enum MarkerCentre: AlignmentID {
        static func defaultValue(in dimensions: ViewDimensions) -> Int { dimensions.height / 2 }
    }

    @Test("a custom alignment lines up views in different stacks")
    func customAlignment() throws {
        let marker = VerticalAlignment(MarkerCentre.self)
        let frame = try render(
            HStack(alignment: marker, spacing: 0) {
                VStack(spacing: 0) {
                    block().frame(width: 10, height: 20)
                    block(.darkGray).frame(width: 10, height: 10).alignmentGuide(marker) { $0[VerticalAlignment.center] }
                }
                block().frame(width: 10, height: 2)
            },
            width: 20, height: 30, capability: .grayscale4)
        // The grey block spans rows 20..<30, so its centre is row 25; the small block sits on it.
        #expect(runs(frame, row: 25, of: .darkGray) == [0..<10])
        #expect(frame.inkRuns(column: 15) == [24..<26])
    }

    @Test("first text baselines line up across font sizes")
    func baselineAlignment() throws {
        let frame = try render(
            HStack(alignment: .firstTextBaseline, spacing: 4) {
                Text("42").font(.system(size: 40))
                Text("H").font(.system(size: 14))
            },
            width: 120, height: 60)
        let bounds = try #require(frame.inkBounds)
        let digitsWidth = try naturalWidth("42", font: .system(size: 40))
        let digits = try #require(frame.cropped(to: PixelRect(x: bounds.minX, y: 0, width: digitsWidth, height: 60)).inkBounds)
        let letter = try #require(frame.cropped(to: PixelRect(x: bounds.minX + digitsWidth + 2, y: 0, width: 40, height: 60)).inkBounds)
        #expect(digits.maxY == letter.maxY)
        #expect(letter.minY > digits.minY)
    }

    @Test("a ZStack overlays children on its alignment")
    func zStack() throws {
        let frame = try render(
            ZStack(alignment: .topLeading) { block(.darkGray).frame(width: 40, height: 40); block().frame(width: 10, height: 10) },
            width: 40, height: 40, capability: .grayscale4)
        #expect(runs(frame, row: 5, of: .black) == [0..<10])
        #expect(runs(frame, row: 5, of: .darkGray) == [10..<40])
    }

    @Test("a divider runs across its stack")
    func divider() throws {
        let vertical = try render(VStack(spacing: 0) { block().frame(width: 30, height: 10); Divider(); block().frame(width: 30, height: 10) }, width: 30, height: 21)
        #expect(vertical.inkRuns(column: 15) == [0..<21])
        let horizontal = try render(HStack(spacing: 4) { Color.clearBlock(20); Divider(); Color.clearBlock(20) }, width: 49, height: 10)
        #expect(horizontal.inkRuns(row: 5) == [24..<25])
        #expect(horizontal.inkRuns(column: 24) == [0..<10])
    }

    @Test("a modifier on a Group applies to each of its views")
    func groupModifier() throws {
        let frame = try render(
            HStack(spacing: 0) { Group { block().frame(width: 10); block().frame(width: 10) }.padding(.horizontal, 5) },
            width: 40, height: 4)
        #expect(frame.inkRuns(row: 2) == [5..<15, 25..<35])
    }

    @Test("ForEach makes one child per element")
    func forEach() throws {
        let frame = try render(HStack(spacing: 2) { ForEach(0..<5) { index in block().frame(width: 4, height: 4 + 2 * index) } }, width: 28, height: 12)
        #expect(frame.inkRuns(row: 0) == [24..<28])
        #expect(frame.inkRuns(row: 5).count == 5)
    }

    @Test("ForEach keeps the order of array slices and of collections without contiguous storage")
    func forEachCollections() throws {
        // Bottom-aligned columns 4 px wide, 2 px apart, 8 px at most, centred in 10 rows: row 4 from
        // the top crosses only the columns of 6 and 8 pixels.
        func columnsAtRow4<Data: RandomAccessCollection<Int>>(_ heights: Data) throws -> [Range<Int>] {
            let frame = try render(
                HStack(alignment: .bottom, spacing: 2) { ForEach(heights, id: \.self) { block().frame(width: 4, height: $0) } },
                width: 22, height: 10)
            return frame.inkRuns(row: 4)
        }
        let heights = [9, 1, 2, 4, 6, 8]
        #expect(try columnsAtRow4(heights.dropFirst(2)) == [12..<16, 18..<22])
        #expect(try columnsAtRow4(heights.dropFirst(2).reversed()) == [0..<4, 6..<10])
    }

    @Test("if, else and optional content choose what is laid out")
    func conditionalContent() throws {
        func view(_ wide: Bool, _ extra: Int?) -> some View {
            HStack(spacing: 0) {
                if wide { block().frame(width: 20) } else { block().frame(width: 10) }
                if let extra { block(.darkGray).frame(width: extra) }
            }
        }
        let narrow = try render(view(false, nil), width: 40, height: 2, capability: .grayscale4)
        #expect(runs(narrow, row: 1, of: .black) == [15..<25])
        let wide = try render(view(true, 6), width: 40, height: 2, capability: .grayscale4)
        #expect(runs(wide, row: 1, of: .black) == [7..<27])
        #expect(runs(wide, row: 1, of: .darkGray) == [27..<33])
    }

    @Test("several top-level views stack vertically, centred in the frame")
    func implicitStack() throws {
        let frame = try render(Group { block().frame(width: 10, height: 4); block().frame(width: 20, height: 4) }, width: 40, height: 40)
        #expect(frame.inkRuns(column: 20) == [12..<16, 24..<28])
        #expect(frame.inkRuns(row: 25) == [10..<30])
    }
}

/// A helper for tests: an invisible block of a fixed width.
enum Color {
    static func clearBlock(_ width: Int) -> some View {
        Rectangle().fill(.white).frame(width: width)
    }
}
