/// The drawing pass: every placed node paints itself onto the canvas, children after (or before) their
/// decorations.
extension Renderer {
    func draw(_ node: Int32, on canvas: inout Canvas) {
        let frame = tree.nodes[node].frame
        switch tree.nodes[node].kind {
        case .empty, .spacer, .hidden:
            return
        case .text(let text):
            drawText(text, in: frame, offer: tree.nodes[node].placedProposal, on: canvas)
        case .divider(_, let ink):
            canvas.fill(frame, ink: ink, area: false)
        case .icon(let icon):
            drawIcon(icon, in: frame, on: canvas)
        case .image(let index):
            canvas.draw(tree.images[index], at: frame.origin)
        case .chart(let chart):
            drawChart(chart, in: frame, on: canvas)
        case .shape(let shape):
            drawShape(shape, in: frame, on: canvas)
        case .stack, .zStack, .padding, .fixedFrame, .flexibleFrame, .fixedSize, .alignmentGuide, .offset:
            drawChildren(of: node, on: &canvas)
        case .fill(let ink):
            canvas.fill(frame, ink: ink, area: true)
            drawChildren(of: node, on: &canvas)
        case .secondary(_, let inFront):
            let primary = tree.nodes[node].firstChild
            let secondary = tree.nodes[primary].nextSibling
            if !inFront, secondary >= 0 { draw(secondary, on: &canvas) }
            draw(primary, on: &canvas)
            if inFront, secondary >= 0 { draw(secondary, on: &canvas) }
        case .border(let ink, let width):
            drawChildren(of: node, on: &canvas)
            let width = min(width, frame.width, frame.height)
            canvas.fill(PixelRect(x: frame.minX, y: frame.minY, width: frame.width, height: width), ink: ink, area: false)
            canvas.fill(PixelRect(x: frame.minX, y: frame.maxY - width, width: frame.width, height: width), ink: ink, area: false)
            canvas.fill(PixelRect(x: frame.minX, y: frame.minY, width: width, height: frame.height), ink: ink, area: false)
            canvas.fill(PixelRect(x: frame.maxX - width, y: frame.minY, width: width, height: frame.height), ink: ink, area: false)
        case .inverted:
            drawChildren(of: node, on: &canvas)
            canvas.invert(frame)
        case .firstFitting(let axes):
            let shown = tree.fittingChild(of: node, axes: axes, tree.nodes[node].placedProposal)
            if shown >= 0 { draw(shown, on: &canvas) }
        case .clipped:
            let saved = canvas.clip
            canvas.clip = saved.intersection(frame) ?? PixelRect(x: frame.minX, y: frame.minY, width: 0, height: 0)
            drawChildren(of: node, on: &canvas)
            canvas.clip = saved
        }
    }

    private func drawChildren(of node: Int32, on canvas: inout Canvas) {
        for child in tree.children(of: node) { draw(child, on: &canvas) }
    }

    // MARK: Text

    private func drawText(_ text: TextPayload, in frame: PixelRect, offer: ProposedSize, on canvas: Canvas) {
        forEachLine(of: text, in: frame, offer: offer) { line, pen, top in
            if text.redacted {
                let barTop = top + max(1, text.ascent / 4)
                canvas.fill(PixelRect(x: pen, y: barTop, width: line.width, height: top + text.ascent - barTop), ink: .darkGray, area: true)
                return
            }
            forEachGlyph(of: line, in: text, pen: pen, baseline: top + text.ascent) { entry, x, baseline in
                blitGlyph(entry, pen: x, baseline: baseline, ink: text.ink, on: canvas)
            }
        }
    }

    /// Calls `body` with each line a text node shows in its frame: the line, where its pen starts and
    /// the line's top.
    func forEachLine(of text: TextPayload, in frame: PixelRect, offer: ProposedSize, _ body: (TextLine, Int, Int) -> Void) {
        var breaker = LineBreaker(payload: text, glyphs: tree.glyphs.base, proposal: offer)
        var top = frame.minY
        while let line = breaker.next() {
            var pen = frame.minX
            switch text.alignment {
            case .leading: break
            case .center: pen += (frame.width - line.width) / 2
            case .trailing: pen += frame.width - line.width
            }
            body(line, pen, top)
            top += text.lineHeight
        }
    }

    /// Calls `body` with each visible glyph of a line (its ellipsis included), its pen position and the
    /// baseline.
    func forEachGlyph(
        of line: TextLine, in text: TextPayload, pen start: Int, baseline: Int, _ body: (GlyphAtlas.Entry, Int, Int) -> Void
    ) {
        let atlas = tree.atlas
        let glyphs = tree.glyphs
        var pen = start
        var index = line.start
        while index < line.end {
            let glyph = glyphs[index]
            if index > line.start { pen += Int(glyph.kernBefore) }
            if glyph.kind == .visible { body(atlas.entries[Int(glyph.glyph)], pen, baseline) }
            pen += Int(glyph.advance)
            index += 1
        }
        if line.truncated {
            let ellipsis = atlas.entries[Int(text.ellipsisGlyph)]
            for _ in 0..<text.ellipsisCount {
                body(ellipsis, pen, baseline)
                pen += text.ellipsisAdvance
            }
        }
    }

    private func blitGlyph(_ entry: GlyphAtlas.Entry, pen: Int, baseline: Int, ink: Ink, on canvas: Canvas) {
        guard entry.width > 0, entry.height > 0 else { return }
        canvas.blit(
            mask: tree.atlas.bits(of: entry), pitch: entry.pitch, width: entry.width, height: entry.height,
            x: pen + entry.left, y: baseline - entry.top, ink: ink)
    }

    // MARK: Icons and shapes

    private func drawIcon(_ icon: IconPayload, in frame: PixelRect, on canvas: Canvas) {
        guard icon.size > 0 else { return }
        if icon.redacted {
            let inset = icon.size / 8
            canvas.fill(
                PixelRect(x: frame.minX + inset, y: frame.minY + inset, width: icon.size - 2 * inset, height: icon.size - 2 * inset),
                ink: .darkGray, area: true)
            return
        }
        let mask = icons.mask(icon.symbol, size: icon.size, rotationDegrees: icon.rotationDegrees)
        canvas.blit(mask: mask.bits, pitch: mask.pitch, width: icon.size, height: icon.size, x: frame.minX, y: frame.minY, ink: icon.ink)
    }

    private func drawShape(_ shape: ShapePayload, in frame: PixelRect, on canvas: Canvas) {
        guard frame.width > 0, frame.height > 0 else { return }
        let stroke = Double(shape.strokeWidth)
        let sink = CanvasSink(canvas: canvas, ink: shape.ink, area: shape.strokeWidth == 0)
        let shortSide = Double(min(frame.width, frame.height))
        switch shape.kind {
        case .circle:
            let radius = shortSide / 2
            let center = Point(x: Double(frame.minX) + Double(frame.width) / 2, y: Double(frame.minY) + Double(frame.height) / 2)
            Rasterizer.fillRing(center: center, outerRadius: radius, innerRadius: stroke > 0 ? radius - stroke : 0, into: sink)
        case .rectangle:
            fillRoundedRect(frame, radius: 0, stroke: stroke, into: sink)
        case .roundedRectangle(let cornerRadius):
            fillRoundedRect(frame, radius: Double(cornerRadius), stroke: stroke, into: sink)
        case .capsule:
            fillRoundedRect(frame, radius: shortSide / 2, stroke: stroke, into: sink)
        }
    }

    private func fillRoundedRect(_ frame: PixelRect, radius: Double, stroke: Double, into sink: CanvasSink) {
        Rasterizer.fillRoundedRect(
            minX: Double(frame.minX), minY: Double(frame.minY), maxX: Double(frame.maxX), maxY: Double(frame.maxY),
            radius: radius, innerInset: stroke, into: sink)
    }
}
