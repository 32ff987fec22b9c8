import InkUI
import WeatherWidgets

/// The rotation and layout choices the Panel and Displays pages share: read from a posted form, and
/// offered as menus with the current choice selected.
extension PanelRotation {
    /// The rotation a posted form's `rotation` field asks for.
    static func read(_ form: WebForm) throws(WebFormRefusal) -> PanelRotation {
        guard let rotation = form["rotation"].flatMap(Int.init).flatMap(PanelRotation.init(rawValue:)) else {
            throw WebFormRefusal("The rotation must be 0, 90, 180 or 270; nothing was saved.")
        }
        return rotation
    }

    /// Every rotation as a menu, this one selected.
    var options: [MenuOption] {
        PanelRotation.allCases.map { MenuOption("\($0.rawValue)", "\($0.rawValue)°", $0 == self) }
    }
}

extension PanelSettingsForm.Layout {
    /// The layout a posted form's `layout` field asks for: `keep` or a preset's name.
    static func read(_ form: WebForm) throws(WebFormRefusal) -> Self {
        let text = form.text("layout")
        if text == "keep" { return .keep }
        guard let preset = LayoutPreset(rawValue: text) else {
            throw WebFormRefusal(
                "The layout must be the file's own or one of \(LayoutPreset.allCases.map(\.rawValue).joined(separator: ", ")); nothing was saved.")
        }
        return .preset(preset)
    }

    /// The file's own layout and every preset as a menu, this one selected.
    var options: [MenuOption] {
        [MenuOption("keep", "As the configuration file places the widgets", self == .keep)]
            + LayoutPreset.allCases.map { MenuOption($0.rawValue, $0.title, self == .preset($0)) }
    }
}
