import InkUI
import InkWidgets

/// How the weather widget uses its region: the scale of its design and which optional sections fit.
///
/// Each family has a design drawn at scale 1 for a natural size; the region decides the scale. When the
/// scale would fall below ``PanelScale/minimumReadable``, optional sections drop out, the least wanted
/// first, so small panels keep fewer facts at a readable size rather than every fact too small
/// (`docs/panel-design.md`).
struct WeatherLayout: Sendable, Hashable {
    /// The parts a family may show besides the current conditions.
    enum Section: Sendable, Hashable {
        /// An official warning, when one is out.
        case alert
        /// One row of the details block.
        case detailRow
        case hours, days, chart, sensors
    }

    let family: WidgetFamily
    let metrics: PanelScale
    let sections: Set<Section>
    /// How many rows of details fit, and how many details a row holds.
    let detailRows: Int
    let detailColumns: Int
    /// Rows (portrait, medium and large landscape) or columns (extra large) of next hours.
    let hourCount: Int
    let sensorCount: Int
    /// Extra large on a wide region: the sensors share a band with the five days instead of having
    /// rows of their own under them.
    let sensorsBesideDays: Bool
    /// Whether the extra large header has room for the date beside the city and the time.
    let headerShowsDate: Bool
    /// An alert is out but its banner has no room: its headline takes the condition's line instead.
    let alertInHero: Bool

    /// The layout for a region; `showsAlert` when an alert is out (its banner then takes room first).
    init(family: WidgetFamily, size: PixelSize, showsAlert: Bool = false) {
        self.family = family
        let portrait = size.height > size.width
        // The banner takes a line, or two on portrait regions.
        let alert: [(Section, Double)] = showsAlert ? [(.alert, portrait ? 38 : 30)] : []
        let rows = { (count: Int) in [(Section, Double)](repeating: (.detailRow, 20), count: count) }
        // Natural size at scale 1 without optional sections, and each section's extra height in the order
        // they drop out (last first). Sections beside others cost no height.
        let design: Design
        switch (family, portrait) {
        case (.small, false):
            design = Design(base: (290, 142), optional: alert + [(.detailRow, 0), (.detailRow, 0), (.detailRow, 20)])
        case (.small, true):
            design = Design(base: (140, 190), optional: alert + rows(3))
        case (.medium, false):
            design = Design(base: (296, 170), optional: [(.hours, 0)] + alert + rows(3))
        case (.medium, true):
            design = Design(base: (140, 200), optional: alert + rows(2) + [(.hours, 96)] + rows(2))
        case (.large, false):
            design = Design(
                base: (330, 166), optional: [(.hours, 0)] + alert + rows(2) + [(.days, 110), (.chart, 66)] + rows(3),
                detailColumns: 1)
        case (.large, true):
            design = Design(base: (140, 190), optional: alert + rows(2) + [(.hours, 96), (.days, 120)] + rows(2) + [(.chart, 56)])
        case (.extraLarge, false):
            // Days and sensors side by side need 560 pixels; narrower regions (400 × 300) put the
            // sensors' rows under the days and give up the next hours first.
            let wide = Design(
                base: (560, 180),
                optional: alert + [(.chart, 0)] + rows(3) + [(.sensors, 0), (.hours, 86), (.days, 100)],
                detailColumns: 2, sensorsBesideDays: true)
            let narrow = Design(
                base: (420, 180), optional: alert + [(.chart, 0)] + rows(1) + [(.days, 100), (.sensors, 90)] + rows(1) + [(.hours, 86)] + rows(1),
                detailColumns: 1)
            design = wide.fitted(in: size).sections.count == wide.optional.count ? wide : narrow
        case (.extraLarge, true):
            // The inverted header is taller than the other families' title line.
            design = Design(
                base: (140, 205),
                optional: alert + rows(3) + [(.hours, 96), (.days, 120)] + rows(2) + [(.chart, 56), (.sensors, 126)])
        }
        let fitted = design.fitted(in: size)
        metrics = PanelScale(scale: fitted.scale, isPortrait: portrait)
        var sections = Set(fitted.sections)
        // Beside the hero on a region this narrow, the chart would have no room to say anything.
        if family == .extraLarge, !portrait, size.width < 360 { sections.remove(.chart) }
        self.sections = sections
        alertInHero = showsAlert && !sections.contains(.alert)
        detailRows = fitted.sections.filter { $0 == .detailRow }.count
        detailColumns = design.detailColumns
        sensorsBesideDays = design.sensorsBesideDays
        // The city and "Thu 14 May  13:05" need about 280 pixels at scale 1.
        headerShowsDate = family == .extraLarge && Double(size.width) / fitted.scale >= 280
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
        var detailColumns = 1
        var sensorsBesideDays = false

        /// The scale for `size` and the sections that keep it readable: sections that add height drop
        /// out, last first, until the scale reaches `PanelScale.minimumReadable` (or none are left).
        func fitted(in size: PixelSize) -> (scale: Double, sections: [Section]) {
            var kept = optional
            func scale() -> Double {
                PanelScale.fitting((base.width, base.height + kept.reduce(0) { $0 + $1.1 }), in: size)
            }
            while scale() < PanelScale.minimumReadable, let index = kept.lastIndex(where: { $0.1 > 0 }) {
                kept.remove(at: index)
            }
            return (scale(), kept.map(\.0))
        }
    }
}
