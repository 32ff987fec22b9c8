extension RenderTree {
    /// Shapes a string into glyphs of the environment's font (kerned, monospaced digits if asked) and
    /// appends a text node for it. Control characters other than line breaks and tabs are dropped.
    func appendText(_ string: String, environment: EnvironmentValues) {
        let font = atlas.fontIndex(for: environment.font)
        let digitAdvance = atlas.digitAdvance(font)
        let start = glyphs.count
        var previous: Int32 = -1
        var previousIsDigit = false
        for scalar in string.unicodeScalars {
            var value = scalar.value
            switch value {
            case 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                glyphs.append(ShapedGlyph(glyph: -1, advance: 0, kernBefore: 0, kind: .newline))
                previous = -1
                continue
            case 0x09:
                value = 0x20
            case 0x00..<0x20, 0x7F..<0xA0, 0xAD, 0x200B, 0xFEFF:
                continue
            default:
                break
            }
            let glyph = atlas.glyph(font, value)
            var advance = atlas.entries[Int(glyph)].advance
            let isDigit = (0x30...0x39).contains(value)
            var kern = 0
            if let digitAdvance, isDigit || previousIsDigit {
                if isDigit {
                    // Centre the digit in the common digit width.
                    let extra = digitAdvance - advance
                    kern = extra / 2
                    advance += extra - extra / 2
                }
            } else if previous >= 0 {
                kern = atlas.kerning(font, previous, glyph)
            }
            glyphs.append(
                ShapedGlyph(glyph: glyph, advance: Int32(advance), kernBefore: Int32(kern), kind: value == 0x20 ? .space : .visible))
            previous = glyph
            previousIsDigit = isDigit
        }
        var ellipsis = atlas.glyph(font, 0x2026)
        var ellipsisCount = 1
        if atlas.isReplacement(font, ellipsis) {
            ellipsis = atlas.glyph(font, 0x2E)
            ellipsisCount = 3
        }
        let metrics = atlas.metrics(font)
        var inspectionIndex: Int32 = -1
        if inspectedTexts != nil {
            inspectionIndex = Int32(inspectedTexts?.count ?? 0)
            inspectedTexts?.append(InspectedText(string: string, capHeight: atlas.entries[Int(atlas.glyph(font, 0x48))].top))
        }
        append(
            .text(
                TextPayload(
                    glyphStart: start, glyphCount: glyphs.count - start,
                    lineHeight: metrics.lineHeight, ascent: metrics.ascent,
                    ellipsisGlyph: ellipsis, ellipsisCount: ellipsisCount,
                    ellipsisAdvance: atlas.entries[Int(ellipsis)].advance,
                    lineLimit: environment.lineLimit.map { max(1, $0) } ?? 0,
                    ink: environment.foregroundInk, alignment: environment.multilineTextAlignment,
                    redacted: environment.redactionReasons.contains(.placeholder), inspectionIndex: inspectionIndex)))
    }
}
