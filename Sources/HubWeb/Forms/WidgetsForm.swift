import HubConfig
import HubDisplays
import HubSystem
import InkUI
import InkWidgets
import WeatherWidgets

/// A screen's widgets, one by one (the Panel page's, each display's on the Displays page): each widget's
/// kind, family and region in pixels, one row each, and an empty row to add one. A row whose kind is
/// "none" is taken out. Whether the widgets fit the screen and each other is `weatherctl config check`'s
/// to say, before anything is written.
struct WidgetsForm: Sendable, Equatable {
    /// Rows the form reads at most: more widgets than an e-ink panel can show legibly.
    static let maximumRows = 12

    var screen: HubScreen
    var placements: [WidgetPlacement]

    /// The widgets `configuration` places on `screen` (none for a display it does not have).
    init(_ configuration: HubConfiguration, screen: HubScreen) {
        self.screen = screen
        switch screen {
        case .panel: placements = configuration.layout.placements
        case .display(let id): placements = configuration.displays.first { $0.id == id }?.layout.placements ?? []
        }
    }

    /// The widgets a posted form asks for on `current`'s screen; a row that keeps its kind keeps its
    /// other settings from `current` (a history widget's sensors), found by the row's place.
    init(form: WebForm, current: WidgetsForm) throws(WebFormRefusal) {
        screen = current.screen
        let current = current.placements
        let kinds = WeatherHubWidgets.catalog.map(\.kind)
        var placements: [WidgetPlacement] = []
        for row in 0..<Self.maximumRows {
            let kind = form.text("kind.\(row)")
            guard !kind.isEmpty, kind != "none" else { continue }
            guard kinds.contains(kind) else {
                throw WebFormRefusal("A widget's kind is one of \(kinds.joined(separator: ", ")); nothing was saved.")
            }
            guard let family = WidgetFamily(rawValue: form.text("family.\(row)")) else {
                throw WebFormRefusal("A widget's family is small, medium, large or extraLarge; nothing was saved.")
            }
            var numbers: [Int] = []
            for field in ["x", "y", "width", "height"] {
                guard let number = Int(form.text("\(field).\(row)").trimmedWhitespace), (0...10_000).contains(number) else {
                    throw WebFormRefusal("The \(kind) widget's \(field) is a whole number of pixels from 0 to 10000; nothing was saved.")
                }
                numbers.append(number)
            }
            let kept = row < current.count && current[row].kind == kind ? current[row].parameters : WidgetParameters()
            placements.append(WidgetPlacement(
                kind: kind, family: family, id: WidgetID("\(kind)-\(family)-\(placements.count + 1)"),
                region: PixelRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]), parameters: kept))
        }
        guard !placements.isEmpty else {
            throw WebFormRefusal("Keep at least one widget on the \(screen == .panel ? "panel" : "display"); nothing was saved.")
        }
        self.placements = placements
    }

    /// The file's change that turns `current` into these widgets, with its words for the page.
    func changes(from current: WidgetsForm) -> [(edit: ConfigEdit, text: String)] {
        guard !Self.samePlaces(placements, current.placements) else { return [] }
        let widgets = "\(placements.count) widget\(placements.count == 1 ? "" : "s") placed one by one"
        switch screen {
        case .panel:
            return [(ConfigEdit(["layout"], .placements(placements)), "layout: \(widgets)")]
        case .display(let id):
            return [(ConfigEdit(["displays", ConfigEdit.item(id: id), "layout"], .placements(placements)), "layout of \(id): \(widgets)")]
        }
    }

    /// Whether two layouts place the same widgets in the same places (ids aside: the form numbers them).
    private static func samePlaces(_ left: [WidgetPlacement], _ right: [WidgetPlacement]) -> Bool {
        left.count == right.count && zip(left, right).allSatisfy {
            $0.kind == $1.kind && $0.family == $1.family && $0.region == $1.region && $0.parameters == $1.parameters
        }
    }

    /// The rows as the page shows them: one per widget, then an empty one.
    var rows: [WidgetRow] {
        let kinds = WeatherHubWidgets.catalog
        let idPrefix = if case .display(let id) = screen { "\(id)-" } else { "" }
        func row(_ index: Int, _ placement: WidgetPlacement?) -> WidgetRow {
            let region = placement?.region
            return WidgetRow(
                idPrefix: idPrefix, index: index, number: index + 1, isNew: placement == nil,
                kinds: [MenuOption("none", placement == nil ? "Add a widget…" : "Take it out", placement == nil)]
                    + kinds.map { MenuOption($0.kind, $0.displayName, $0.kind == placement?.kind) },
                families: WidgetFamily.allCases.map { MenuOption($0.rawValue, $0.rawValue, $0 == (placement?.family ?? .small)) },
                x: region.map { "\($0.origin.x)" } ?? "0", y: region.map { "\($0.origin.y)" } ?? "0",
                width: region.map { "\($0.size.width)" } ?? "", height: region.map { "\($0.size.height)" } ?? "")
        }
        let shown = placements.prefix(Self.maximumRows - 1)
        return shown.enumerated().map { row($0.offset, $0.element) } + [row(shown.count, nil)]
    }
}
