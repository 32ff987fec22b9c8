import Testing

@testable import InkUI

@Suite("Text layout")
struct TextLayoutTests {
    @Test("text wraps at word boundaries")
    func wrapsAtWords() throws {
        let width = try naturalWidth("The quick brown")
        #expect(try brokenLines("The quick brown fox jumps", width: width) == ["The quick brown", "fox jumps"])
        #expect(try brokenLines("The quick brown fox jumps", width: width - 1) == ["The quick", "brown fox", "jumps"])
    }

    @Test("a word wider than the line breaks inside the word")
    func breaksLongWords() throws {
        let width = try naturalWidth("Supercali")
        let lines = try brokenLines("Supercalifragilistic", width: width)
        #expect(lines.joined() == "Supercalifragilistic")
        #expect(lines.first == "Supercali")
        for line in lines { #expect(try naturalWidth(line) <= width) }
    }

    @Test("spaces at a break vanish and explicit line breaks start new lines")
    func spacesAndLineBreaks() throws {
        let width = try naturalWidth("alpha")
        #expect(try brokenLines("alpha    beta", width: width) == ["alpha", "beta"])
        #expect(try brokenLines("one\ntwo\n\nfour", width: nil) == ["one", "two", "", "four"])
        #expect(try brokenLines("end\n", width: nil) == ["end", ""])
    }

    @Test("the last line that fits ends with an ellipsis when text is left over")
    func truncatesWithEllipsis() throws {
        let lines = try brokenLines("The quick brown fox jumps over the lazy dog", width: 150, maxLines: 2)
        #expect(lines.count == 2)
        #expect(lines[1].hasSuffix("…"))
        #expect(try naturalWidth(lines[1]) <= 150)
        let single = try brokenLines("Reykjavík is the capital of Iceland", width: 100, maxLines: 1)
        #expect(single.count == 1)
        #expect(single[0].hasPrefix("Reykjav"))
        #expect(single[0].hasSuffix("…"))
        #expect(try naturalWidth(single[0]) <= 100)
    }

    @Test("text that fits is not truncated")
    func noNeedlessEllipsis() throws {
        let width = try naturalWidth("Zürich")
        #expect(try brokenLines("Zürich", width: width, maxLines: 1) == ["Zürich"])
        #expect(try brokenLines("Zürich\n", width: width, maxLines: 1) == ["Zürich"])
    }

    @Test("no room even for the ellipsis shows nothing")
    func tooNarrow() throws {
        #expect(try brokenLines("Kraków", width: 3, maxLines: 1) == [""])
        #expect(try textFrameSize("Kraków", offer: (3, 30)).width == 0)
    }

    @Test("an empty string has no lines and no size")
    func emptyString() throws {
        #expect(try brokenLines("", width: 100) == [])
        #expect(try textFrameSize("") == PixelSize(width: 0, height: 0))
    }

    @Test("a text's size is its widest line by its lines' height")
    func textSize() throws {
        let line = try textFrameSize("Oslo")
        #expect(line.height > 0)
        let wrapped = try textFrameSize("Oslo Bergen", offer: (try naturalWidth("Bergen"), nil))
        #expect(wrapped == PixelSize(width: try naturalWidth("Bergen"), height: 2 * line.height))
    }

    @Test("the offered height limits the lines, but one line always shows")
    func heightLimitsLines() throws {
        let lineHeight = try textFrameSize("x").height
        let text = "one two three four five six"
        let width = try naturalWidth("three")
        #expect(try textFrameSize(text, offer: (width, 2 * lineHeight + 3)).height == 2 * lineHeight)
        #expect(try textFrameSize(text, offer: (width, 0)).height == lineHeight)
    }

    @Test("lineLimit caps the lines a text shows")
    func lineLimit() throws {
        let frame = try render(
            Text("one two three four five six seven eight").lineLimit(2).frame(width: 80), width: 200, height: 200)
        let lineHeight = try textFrameSize("x").height
        #expect(try #require(frame.inkBounds).height <= 2 * lineHeight)
    }

    @Test("multi-line text lines up by its text alignment")
    func multilineAlignment() throws {
        func lastLineBounds(_ alignment: TextAlignment) throws -> PixelRect {
            let width = try naturalWidth("Wide first line")
            let frame = try render(
                Text("Wide first line\nab").multilineTextAlignment(alignment), width: width, height: 60)
            let lineHeight = try textFrameSize("x").height
            let top = (60 - 2 * lineHeight) / 2
            return try #require(frame.cropped(to: PixelRect(x: 0, y: top + lineHeight, width: width, height: lineHeight)).inkBounds)
        }
        let leading = try lastLineBounds(.leading)
        let centre = try lastLineBounds(.center)
        let trailing = try lastLineBounds(.trailing)
        #expect(leading.minX < 3)
        #expect(trailing.maxX > (try naturalWidth("Wide first line")) - 3)
        #expect(abs((centre.minX + centre.maxX) / 2 - (try naturalWidth("Wide first line")) / 2) <= 2)
    }

    @Test("fixedSize lets text take its ideal width beyond the offer")
    func fixedSize() throws {
        let text = "A rather long sentence"
        let natural = try naturalWidth(text)
        let bounded = try render(Text(text).lineLimit(1).frame(width: 60).clipped(), width: 400, height: 40)
        let fixed = try render(Text(text).fixedSize().frame(width: 60), width: 400, height: 40)
        #expect(try #require(bounded.inkBounds).width <= 60)
        #expect(try #require(fixed.inkBounds).width > natural - 4)
    }
}
