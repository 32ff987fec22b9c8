import InkUI
import InkWidgets

/// How the weather widget uses its region: the scale of its design and which optional sections fit.
struct WeatherLayout: Sendable, Hashable {
    /// The parts a family may show besides the current conditions.
    enum Section: Sendable, Hashable {
        case hours, days, chart, sensors
    }

    let family: WidgetFamily
    let metrics: PanelScale
    let sections: Set<Section>
    /// Rows (portrait, medium and large landscape) or columns (extra large) of next hours.
    let hourCount: Int
    let sensorCount: Int
    /// Extra large on a wide region: the sensors share a band with the five days instead of having
    /// rows of their own under them.
    let sensorsBesideDays: Bool
    /// Whether the extra large header has room for the date beside the city and the time.
    let headerShowsDate: Bool

    init(family: WidgetFamily, size: PixelSize) {
        self.family = family
        let portrait = size.height > size.width
        // Natural size at scale 1 without optional sections, and each section's extra height, in the
        // order they drop out (last first). Sections beside others cost no height.
        let design: Design
        switch (family, portrait) {
        case (.small, false): design = Design(base: (290, 124), optional: [])
        case (.small, true): design = Design(base: (140, 200), optional: [])
        case (.medium, false): design = Design(base: (296, 166), optional: [(.hours, 0)])
        case (.medium, true): design = Design(base: (140, 200), optional: [(.hours, 84)])
        case (.large, false): design = Design(base: (296, 166), optional: [(.hours, 0), (.days, 72), (.chart, 56)])
        case (.large, true): design = Design(base: (140, 200), optional: [(.hours, 84), (.days, 100), (.chart, 56)])
        case (.extraLarge, false):
            // Days and sensors side by side need 540 pixels; narrower regions (400 × 300) put the
            // sensors' rows under the days and give up the next hours first.
            let wide = Design(
                base: (540, 180), optional: [(.chart, 0), (.sensors, 0), (.hours, 68), (.days, 72)], sensorsBesideDays: true)
            let narrow = Design(base: (420, 180), optional: [(.chart, 0), (.days, 72), (.sensors, 90), (.hours, 68)])
            design = wide.fitted(in: size).sections.count == wide.optional.count ? wide : narrow
        case (.extraLarge, true):
            // The inverted header is taller than the other families' title line.
            design = Design(base: (140, 225), optional: [(.hours, 84), (.days, 100), (.chart, 56), (.sensors, 126)])
        }
        let fitted = design.fitted(in: size)
        metrics = PanelScale(scale: fitted.scale, isPortrait: portrait)
        sections = fitted.sections
        sensorsBesideDays = design.sensorsBesideDays
        // The city and "Thu 14 May  13:05" need about 260 pixels at scale 1.
        headerShowsDate = family == .extraLarge && Double(size.width) / fitted.scale >= 260
        hourCount = portrait ? 4 : (family == .extraLarge ? 8 : 5)
        sensorCount = portrait ? 3 : 4
    }

    func shows(_ section: Section) -> Bool { sections.contains(section) }
}

extension WeatherLayout {
    /// A design's natural size at scale 1 and its optional sections with the height each adds.
    private struct Design {
        let base: (width: Double, height: Double)
        let optional: [(Section, Double)]
        var sensorsBesideDays = false

        /// The scale for `size` and the sections that keep it readable: sections that add height drop
        /// out, last first, until the scale reaches `PanelScale.minimumReadable` (or none are left).
        func fitted(in size: PixelSize) -> (scale: Double, sections: Set<Section>) {
            var kept = optional
            func scale() -> Double {
                PanelScale.fitting((base.width, base.height + kept.reduce(0) { $0 + $1.1 }), in: size)
            }
            while scale() < PanelScale.minimumReadable, let index = kept.lastIndex(where: { $0.1 > 0 }) {
                kept.remove(at: index)
            }
            return (scale(), Set(kept.map(\.0)))
        }
    }
}
