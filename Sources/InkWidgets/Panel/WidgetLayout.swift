public import InkUI

/// The widgets placed on one panel. Validation finds every placement that cannot work: unknown kinds,
/// families a widget does not support, regions that leave the panel or overlap, duplicate ids.
public struct WidgetLayout: Sendable, Hashable {
    public var panelSize: PixelSize
    public var placements: [WidgetPlacement]

    public init(panelSize: PixelSize, placements: [WidgetPlacement]) {
        self.panelSize = panelSize
        self.placements = placements
    }

    /// A problem with placement number `index`.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        public var index: Int
        public var message: String
        public var suggestion: String?

        public var description: String { "widget \(index + 1): \(message)" + (suggestion.map { " (\($0))" } ?? "") }
    }

    /// Every problem of the layout against the widgets the service offers.
    public func problems(with catalog: [WidgetDescription]) -> [Problem] {
        var problems: [Problem] = []
        if placements.isEmpty {
            problems.append(Problem(index: 0, message: "the layout places no widget", suggestion: "add `- kind: weather` under `layout:`"))
        }
        let panel = PixelRect(origin: .zero, size: panelSize)
        for (index, placement) in placements.enumerated() {
            if let description = catalog.first(where: { $0.kind == placement.kind }) {
                if !description.supportedFamilies.contains(placement.family) {
                    let families = description.supportedFamilies.map(\.rawValue).joined(separator: ", ")
                    problems.append(Problem(index: index, message: "`\(placement.kind)` does not come in family `\(placement.family)`", suggestion: "use one of \(families)"))
                }
            } else {
                let kinds = catalog.map(\.kind)
                problems.append(Problem(index: index, message: "unknown widget kind `\(placement.kind)`", suggestion: "known kinds: \(kinds.joined(separator: ", "))"))
            }
            if placement.region.isEmpty {
                problems.append(Problem(index: index, message: "region \(placement.region) has no area"))
            } else if !panel.contains(placement.region) {
                problems.append(Problem(index: index, message: "region \(placement.region) leaves the \(panelSize) panel"))
            }
            for (otherIndex, other) in placements.enumerated().prefix(index) {
                if placement.region.intersection(other.region) != nil {
                    problems.append(Problem(index: index, message: "region \(placement.region) overlaps widget \(otherIndex + 1) (\(other.region))"))
                }
                if placement.id == other.id {
                    problems.append(Problem(index: index, message: "id `\(placement.id)` is already used by widget \(otherIndex + 1)", suggestion: "give each widget its own `id`"))
                }
            }
        }
        return problems
    }
}
