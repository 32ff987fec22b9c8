import HubConfig
import HubDisplays
import HubSystem
import InkUI
import InkWidgets
import WeatherWidgets

/// The Displays page's form for one networked display: its id (when added), kind, size, depth,
/// rotation and layout (a preset laid out for its size, or the file's own). Menus take only their
/// choices; an id or size the configuration would refuse is refused here first, in the same words.
struct DisplaySettingsForm: Sendable, Equatable {
    var id: String
    var kind: NetworkDisplayProfile.Kind
    var size: PixelSize
    var capability: ColorCapability
    var rotation: PanelRotation
    var layout: PanelSettingsForm.Layout

    /// The settings `profile` has.
    init(_ profile: NetworkDisplayProfile) {
        id = profile.id
        kind = profile.kind
        size = profile.nativeSize
        capability = profile.capability
        rotation = profile.rotation
        layout = LayoutPreset.matching(profile.layout.placements, size: profile.frameSize).map(PanelSettingsForm.Layout.preset) ?? .keep
    }

    /// A new display's form as the page first shows it: an 800×480 TRMNL with the weather.
    static let new = DisplaySettingsForm(id: "", kind: .trmnl, size: PixelSize(width: 800, height: 480), capability: .monochrome, rotation: .none, layout: .preset(.weather))

    private init(id: String, kind: NetworkDisplayProfile.Kind, size: PixelSize, capability: ColorCapability, rotation: PanelRotation, layout: PanelSettingsForm.Layout) {
        self.id = id
        self.kind = kind
        self.size = size
        self.capability = capability
        self.rotation = rotation
        self.layout = layout
    }

    /// The settings a posted form asks for.
    init(form: WebForm) throws(WebFormRefusal) {
        let id = form.text("id").trimmedWhitespace
        guard NetworkDisplayProfile.isValidID(id) else {
            throw WebFormRefusal("A display's id has up to 32 lowercase letters, digits, - and _, such as kitchen; nothing was saved.")
        }
        guard let kind = NetworkDisplayProfile.Kind(rawValue: form.text("kind")) else {
            throw WebFormRefusal("A display is a TRMNL (trmnl) or an image others fetch (image); nothing was saved.")
        }
        guard let width = Int(form.text("width").trimmedWhitespace), let height = Int(form.text("height").trimmedWhitespace),
            (16...4096).contains(width), (16...4096).contains(height)
        else {
            throw WebFormRefusal("A display's width and height are whole numbers of pixels from 16 to 4096; nothing was saved.")
        }
        let capability: ColorCapability
        switch form.text("depth") {
        case "1": capability = .monochrome
        case "2": capability = .grayscale4
        default: throw WebFormRefusal("A display's depth is 1 (black and white) or 2 (four greys); nothing was saved.")
        }
        self.init(
            id: id, kind: kind, size: PixelSize(width: width, height: height), capability: capability,
            rotation: try PanelRotation.read(form), layout: try PanelSettingsForm.Layout.read(form))
    }

    /// The size the widgets are laid out on: after rotation.
    private var frameSize: PixelSize { PanelOrientation(nativeSize: size, rotation: rotation).logicalSize }

    /// The file's changes that turn `current` (`nil` for a display the file does not have yet) into
    /// these settings, each with its words for the page.
    func changes(from current: DisplaySettingsForm?) -> [(edit: ConfigEdit, text: String)] {
        let item = ConfigEdit.item(id: id)
        func edit(_ key: String, _ value: ConfigValue) -> ConfigEdit { ConfigEdit(["displays", item, key], value) }
        var changes: [(edit: ConfigEdit, text: String)] = []
        if kind != current?.kind { changes.append((edit("kind", .text(kind.rawValue)), current == nil ? "display \(id): \(kind.rawValue)" : "\(id): \(kind.rawValue)")) }
        if size != current?.size {
            changes.append((edit("width", .integer(size.width)), "\(size.width)×\(size.height)"))
            changes.append((edit("height", .integer(size.height)), ""))
        }
        if capability != current?.capability { changes.append((edit("depth", .integer(capability == .grayscale4 ? 2 : 1)), capability == .grayscale4 ? "four greys" : "black and white")) }
        if rotation != current?.rotation { changes.append((edit("rotation", .integer(rotation.rawValue)), "rotation: \(rotation.rawValue)°")) }
        if case .preset(let preset) = layout, layout != current?.layout || frameSize != current?.frameSize {
            changes.append((edit("layout", .placements(preset.placements(for: frameSize))), "layout: \(preset.title.lowercased())"))
        }
        return changes
    }

    /// The form as the page shows it.
    var fields: DisplaysPage.Fields {
        DisplaysPage.Fields(
            id: id,
            kinds: NetworkDisplayProfile.Kind.allCases.map { MenuOption($0.rawValue, $0 == .trmnl ? "TRMNL" : "Image (ESPHome, Kindle, a browser)", $0 == kind) },
            width: "\(size.width)", height: "\(size.height)",
            depths: [MenuOption("1", "Black and white", capability != .grayscale4), MenuOption("2", "Four greys", capability == .grayscale4)],
            rotations: rotation.options, layouts: layout.options)
    }
}
