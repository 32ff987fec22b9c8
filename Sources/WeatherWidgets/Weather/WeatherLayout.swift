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

    init(family: WidgetFamily, size: PixelSize) {
        self.family = family
        let portrait = size.height > size.width
        // Natural size at scale 1 without optional sections, and each section's extra height, in the
        // order they drop out (last first).
        let base: (width: Double, height: Double)
        var optional: [(Section, Double)]
        switch (family, portrait) {
        case (.small, false): base = (290, 124); optional = []
        case (.small, true): base = (124, 200); optional = []
        case (.medium, false): base = (296, 166); optional = [(.hours, 0)]
        case (.medium, true): base = (124, 200); optional = [(.hours, 84)]
        case (.large, false): base = (296, 166); optional = [(.hours, 0), (.days, 72), (.chart, 56)]
        case (.large, true): base = (124, 200); optional = [(.hours, 84), (.days, 100), (.chart, 56)]
        case (.extraLarge, false): base = (420, 180); optional = [(.chart, 0), (.sensors, 0), (.hours, 68), (.days, 72)]
        case (.extraLarge, true): base = (124, 200); optional = [(.hours, 84), (.days, 100), (.chart, 56), (.sensors, 72)]
        }
        var scale = PanelScale.fitting((base.width, base.height + optional.reduce(0) { $0 + $1.1 }), in: size)
        // Sections beside the current conditions cost no height and stay.
        while scale < PanelScale.minimumReadable, let index = optional.lastIndex(where: { $0.1 > 0 }) {
            optional.remove(at: index)
            scale = PanelScale.fitting((base.width, base.height + optional.reduce(0) { $0 + $1.1 }), in: size)
        }
        metrics = PanelScale(scale: scale, isPortrait: portrait)
        sections = Set(optional.map(\.0))
        hourCount = portrait ? 4 : (family == .extraLarge ? 8 : 5)
        sensorCount = portrait ? 3 : 4
    }

    func shows(_ section: Section) -> Bool { sections.contains(section) }
}
