public import InkUI

/// Checks what a renderer drew (``Renderer/placedElements``) against the panel's legibility rules: every
/// text and icon wholly inside the region and its clip, no two overlapping, every text at least the
/// minimum cap height, and no text cut short unless it is free text (a city, a sensor's name, a
/// provider's description) that may end with an ellipsis.
public enum PlacementAudit {
    /// The problems found, each a sentence naming the element; empty when the drawing is legible.
    public static func problems(
        in elements: [PlacedElement], region: PixelRect, minimumCapHeight: Int, isFreeText: (String) -> Bool
    ) -> [String] {
        var problems: [String] = []
        let drawn = elements.filter { $0.inkBounds != nil }
        for element in drawn {
            guard let ink = element.inkBounds else { continue }
            if !region.contains(ink) {
                problems.append("\(element) overflows the region \(region)")
            } else if !element.isWhollyVisible {
                problems.append("\(element) is clipped to \(element.visibleArea)")
            }
            if case .text(let string) = element.content {
                if element.capHeight < minimumCapHeight {
                    problems.append("\(element) has capitals \(element.capHeight) px high, under \(minimumCapHeight)")
                }
                if element.isTruncated, !isFreeText(string) {
                    problems.append("\(element) is cut short")
                }
            }
        }
        for (index, element) in drawn.enumerated() {
            for other in drawn[(index + 1)...] {
                if let a = element.inkBounds, let b = other.inkBounds, a.intersection(b) != nil {
                    problems.append("\(element) collides with \(other)")
                }
            }
        }
        return problems
    }
}
