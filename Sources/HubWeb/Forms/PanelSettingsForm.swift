import EPaper
import HubConfig
import HubSystem
import InkUI
import InkWidgets
import WeatherWidgets

/// The Panel page's settings as a form: the model, the rotation, the layout (a preset for the panel's
/// size, or the file's own), the shortest interval between refreshes and the quiet hours. Menus take
/// only their choices; the two texts must read as a duration and as a span of hours.
struct PanelSettingsForm: Sendable, Equatable {
    /// The layout asked for: the one the file has, or a preset laid out for the panel's size.
    enum Layout: Sendable, Equatable {
        case keep
        case preset(LayoutPreset)
    }

    var model: PanelModel
    var rotation: PanelRotation
    var layout: Layout
    var minimumInterval: Duration
    var quietHours: QuietHours?

    /// The settings `configuration` has.
    init(_ configuration: HubConfiguration) {
        model = configuration.panel.model
        rotation = configuration.panel.rotation
        layout = LayoutPreset.matching(configuration.layout.placements, size: configuration.panel.frameSize).map(Layout.preset) ?? .keep
        minimumInterval = configuration.panel.refresh.minimumInterval
        quietHours = configuration.panel.refresh.quietHours
    }

    /// The settings a posted form asks for.
    init(form: WebForm) throws(WebFormRefusal) {
        guard let model = form["model"].flatMap(PanelModel.init(rawValue:)) else {
            throw WebFormRefusal("The panel must be one of \(PanelModel.allCases.map(\.rawValue).joined(separator: ", ")); nothing was saved.")
        }
        let rotation = try PanelRotation.read(form)
        let layout = try Layout.read(form)
        guard let interval = DurationText.parse(form.text("minimum_interval")), interval > .zero else {
            throw WebFormRefusal("The shortest interval must be a duration such as 3m, 90s or 1h; nothing was saved.")
        }
        let quiet = form.text("quiet_hours").trimmedWhitespace
        guard quiet.isEmpty || QuietHours(quiet) != nil else {
            throw WebFormRefusal("Quiet hours are a span such as 23:00-06:30 (24-hour clock), or empty for none; nothing was saved.")
        }
        self.model = model
        self.rotation = rotation
        self.layout = layout
        minimumInterval = interval
        quietHours = quiet.isEmpty ? nil : QuietHours(quiet)
    }

    /// The file's changes that turn `current` (the settings of a file whose panel is `profile`) into
    /// these, each with its words for the page. A preset is laid out for the panel these settings give.
    func changes(from current: PanelSettingsForm, profile: PanelProfile) -> [(edit: ConfigEdit, text: String)] {
        var changes: [(edit: ConfigEdit, text: String)] = []
        var panel = model == current.model ? profile : PanelProfile.builtIn(model)
        panel.rotation = rotation
        if case .preset(let preset) = layout, layout != current.layout || panel.frameSize != profile.frameSize {
            changes.append((ConfigEdit(["layout"], .placements(preset.placements(for: panel.frameSize))), "layout: \(preset.title.lowercased())"))
        }
        if model != current.model { changes.append((ConfigEdit(["panel", "model"], .text(model.rawValue)), "panel: \(model.rawValue)")) }
        if rotation != current.rotation {
            changes.append((ConfigEdit(["panel", "rotation"], .integer(rotation.rawValue)), "rotation: \(rotation.rawValue)°"))
        }
        if minimumInterval != current.minimumInterval {
            let text = DurationText.format(minimumInterval)
            changes.append((ConfigEdit(["panel", "refresh", "minimum_interval"], .text(text)), "shortest interval: \(text)"))
        }
        if quietHours != current.quietHours {
            let text = quietHours?.description ?? "none"
            changes.append((ConfigEdit(["panel", "refresh", "quiet_hours"], .text(text)), "quiet hours: \(text)"))
        }
        return changes
    }

    /// The form as the page shows it.
    var fields: PanelPage.Fields {
        PanelPage.Fields(
            models: PanelModel.allCases.map { model in
                let profile = PanelProfile.builtIn(model)
                let size = profile.nativeSize
                return MenuOption("\(model.rawValue)", "\(model.rawValue) · \(size.width)×\(size.height) · \(Self.inks(profile.capability))", model == self.model)
            },
            rotations: rotation.options, layouts: layout.options,
            minimumInterval: DurationText.format(minimumInterval), quietHours: quietHours?.description ?? "")
    }

    private static func inks(_ capability: ColorCapability) -> String {
        switch capability {
        case .monochrome: "black and white"
        case .grayscale4: "four greys"
        case .blackWhiteRed: "black, white and red"
        }
    }
}
