/// One line of a laid-out text: glyphs `[start, end)` (trailing spaces excluded), its width in pixels
/// including an ellipsis when `truncated`.
struct TextLine {
    var start: Int
    var end: Int
    var width: Int
    var truncated: Bool
}

/// Breaks shaped glyphs into lines the way SwiftUI's `Text` does: at spaces and line breaks, inside a
/// word only when the word alone is wider than the line, and the last line that may be shown ends with
/// an ellipsis when text is left over. Works in place over the glyph buffer, without allocating.
struct LineBreaker {
    private let glyphs: UnsafeMutablePointer<ShapedGlyph>
    private let end: Int
    private let maxWidth: Int
    private let maxLines: Int
    private let ellipsisWidth: Int
    private var position: Int
    private var lineCount = 0
    private var finished: Bool
    private var brokeAtNewline = false

    /// Lines of `payload` in at most `maxWidth` pixels (`nil`: no wrapping) and `maxLines` lines.
    init(payload: TextPayload, glyphs: UnsafeMutablePointer<ShapedGlyph>, maxWidth: Int?, maxLines: Int) {
        self.glyphs = glyphs
        self.position = payload.glyphStart
        self.end = payload.glyphStart + payload.glyphCount
        self.maxWidth = maxWidth ?? Int.max
        self.maxLines = max(1, maxLines)
        self.ellipsisWidth = payload.ellipsisWidth
        self.finished = payload.glyphCount == 0
    }

    /// The lines a text node shows for an offer: as many as the height holds (at least one), no more
    /// than its line limit.
    init(payload: TextPayload, glyphs: UnsafeMutablePointer<ShapedGlyph>, proposal: ProposedSize) {
        var lines = payload.lineLimit > 0 ? payload.lineLimit : Int.max
        if let height = proposal.height, payload.lineHeight > 0 {
            lines = min(lines, max(1, height / payload.lineHeight))
        }
        self.init(payload: payload, glyphs: glyphs, maxWidth: proposal.width, maxLines: lines)
    }

    mutating func next() -> TextLine? {
        guard !finished else { return nil }
        lineCount += 1
        let lineStart = position
        brokeAtNewline = false
        let line = lineCount == maxLines ? lastLine(from: lineStart) : wrappedLine(from: lineStart)
        // A text ending in a line break shows one more, empty line.
        if lineCount == maxLines || position >= end && !brokeAtNewline {
            finished = true
        }
        return line
    }

    /// Width of glyphs `[start, end)` laid side by side.
    private func width(from start: Int, to end: Int) -> Int {
        var total = 0
        var index = start
        while index < end {
            total += Int(glyphs[index].advance) + (index == start ? 0 : Int(glyphs[index].kernBefore))
            index += 1
        }
        return total
    }

    /// The end of `[start, end)` without trailing spaces.
    private func trimmed(_ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start, glyphs[end - 1].kind == .space { end -= 1 }
        return end
    }

    /// A line of a paragraph that may wrap; moves `position` to the start of the next line.
    private mutating func wrappedLine(from lineStart: Int) -> TextLine {
        var pen = 0
        var breakEnd = -1, breakNext = -1
        var index = lineStart
        while index < end {
            let glyph = glyphs[index]
            if glyph.kind == .newline {
                position = index + 1
                brokeAtNewline = true
                let lineEnd = trimmed(lineStart, index)
                return TextLine(start: lineStart, end: lineEnd, width: width(from: lineStart, to: lineEnd), truncated: false)
            }
            if glyph.kind == .space {
                if index > lineStart, glyphs[index - 1].kind != .space {
                    breakEnd = index
                }
                pen += Int(glyph.advance) + (index == lineStart ? 0 : Int(glyph.kernBefore))
                breakNext = index + 1
                index += 1
                continue
            }
            let next = pen + Int(glyph.advance) + (index == lineStart ? 0 : Int(glyph.kernBefore))
            if next > maxWidth, index > lineStart {
                if breakEnd > lineStart {
                    position = skipSpaces(from: breakNext)
                    return TextLine(start: lineStart, end: breakEnd, width: width(from: lineStart, to: breakEnd), truncated: false)
                }
                position = index
                return TextLine(start: lineStart, end: index, width: width(from: lineStart, to: index), truncated: false)
            }
            pen = next
            index += 1
        }
        position = end
        let lineEnd = trimmed(lineStart, end)
        return TextLine(start: lineStart, end: lineEnd, width: width(from: lineStart, to: lineEnd), truncated: false)
    }

    /// The last line that may be shown: the rest of the text if it fits on one line, otherwise as many
    /// glyphs as fit before an ellipsis.
    private mutating func lastLine(from lineStart: Int) -> TextLine {
        var lineBreak = lineStart
        while lineBreak < end, glyphs[lineBreak].kind != .newline { lineBreak += 1 }
        let restEnd = trimmed(lineStart, lineBreak)
        let restWidth = width(from: lineStart, to: restEnd)
        var leftOver = lineBreak < end
        if leftOver {
            // Only blank lines after the break: nothing is lost by stopping here.
            var index = lineBreak
            while index < end, glyphs[index].kind != .visible { index += 1 }
            leftOver = index < end
        }
        position = end
        if !leftOver, restWidth <= maxWidth {
            return TextLine(start: lineStart, end: restEnd, width: restWidth, truncated: false)
        }
        guard ellipsisWidth <= maxWidth else {
            return TextLine(start: lineStart, end: lineStart, width: 0, truncated: false)
        }
        var pen = 0
        var fitEnd = lineStart
        var index = lineStart
        while index < restEnd {
            let next = pen + Int(glyphs[index].advance) + (index == lineStart ? 0 : Int(glyphs[index].kernBefore))
            if next + ellipsisWidth > maxWidth { break }
            pen = next
            index += 1
            fitEnd = index
        }
        let lineEnd = trimmed(lineStart, fitEnd)
        return TextLine(start: lineStart, end: lineEnd, width: width(from: lineStart, to: lineEnd) + ellipsisWidth, truncated: true)
    }

    private func skipSpaces(from index: Int) -> Int {
        var index = index
        while index < end, glyphs[index].kind == .space { index += 1 }
        return index
    }
}
