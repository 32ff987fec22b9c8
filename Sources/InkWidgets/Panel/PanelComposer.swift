import InkUI

/// Puts each widget's frame into its region of the panel frame, and knows which composed frame the panel
/// shows, so an identical frame is never sent twice.
struct PanelComposer {
    private(set) var panel: Frame
    private var presented: Frame?

    init(size: PixelSize, capability: ColorCapability) {
        panel = Frame(size: size, capability: capability)
    }

    /// Draws a widget's frame into its region.
    mutating func place(_ frame: Frame, in region: PixelRect) {
        panel.draw(frame, at: region.origin)
    }

    /// The frame to send, or `nil` when the panel already shows exactly this.
    mutating func frameToPresent() -> Frame? {
        guard panel != presented else { return nil }
        presented = panel
        return panel
    }
}
