import InkUI

/// Sizes of one widget design scaled to its region: a design is drawn at scale 1 for a natural size,
/// and the region's size decides the scale (text and icons grow on big panels, shrink a little on
/// small ones, and optional sections drop out first when there is no room).
///
/// A class, made once per entry, because the row closures of `ForEach` capture it (`[metrics]`): a
/// closure whose only capture is one object uses that object as its context, while a captured struct
/// would be boxed on the heap every time `body` runs, that is every frame.
final class PanelScale: Sendable, Hashable {
    /// The smallest scale a design is drawn at before sections are dropped.
    static let minimumReadable = 0.75

    let scale: Double
    let isPortrait: Bool

    init(scale: Double, isPortrait: Bool) {
        self.scale = scale
        self.isPortrait = isPortrait
    }

    static func == (lhs: PanelScale, rhs: PanelScale) -> Bool {
        lhs.scale == rhs.scale && lhs.isPortrait == rhs.isPortrait
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(scale)
        hasher.combine(isPortrait)
    }

    /// The scale at which a design of `natural` size fills `size`, never below 0.6 (text truncates
    /// below that rather than turning unreadable).
    static func fitting(_ natural: (width: Double, height: Double), in size: PixelSize) -> Double {
        guard natural.width > 0, natural.height > 0, !size.isEmpty else { return 1 }
        return max(0.6, min(Double(size.width) / natural.width, Double(size.height) / natural.height))
    }

    /// A length of `base` pixels at scale 1, at least `minimum`.
    func length(_ base: Double, minimum: Int = 1) -> Int {
        max(minimum, Int((base * scale).rounded()))
    }

    /// A text size of `base` pixels at scale 1, never below ``minimumTextSize``.
    func text(_ base: Double) -> Int {
        length(base, minimum: Self.minimumTextSize)
    }

    /// The smallest text size anywhere on the panel: DejaVu Sans at 12 px has capitals 9 px high, at
    /// least 1.75 mm on every supported panel (pixel pitch 0.194 mm on the 2.13" to 0.227 mm on the
    /// 2.9"), which is 10 minutes of arc at arm's length (60 cm): letters people with 20/40 vision read,
    /// twice the size of the smallest letters 20/20 vision resolves. See docs/panel-design.md.
    static let minimumTextSize = 12

    var padding: Int { length(5, minimum: 3) }
    var spacing: Int { length(4, minimum: 2) }
    var title: Font { .system(size: text(16), weight: .bold) }
    var titleRegular: Font { .system(size: text(16)) }
    var hero: Font { Font.system(size: length(44, minimum: 24), weight: .bold).monospacedDigit() }
    var large: Font { Font.system(size: text(22), weight: .bold).monospacedDigit() }
    var body: Font { .system(size: text(14)) }
    var bodyBold: Font { .system(size: text(14), weight: .bold) }
    var caption: Font { .system(size: text(12)) }
    var heroIcon: Int { length(48, minimum: 24) }
    var rowIcon: Int { length(18, minimum: 12) }
    /// An icon beside a line of body text.
    var inlineIcon: Int { length(14, minimum: 11) }
    var markIcon: Int { length(14, minimum: 11) }
}
