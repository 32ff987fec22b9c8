import EPaper
public import HubConfig
import HubDisplays
import InkWidgets
public import InkUI
public import Sensors
public import SharedDefaultsKit
public import WeatherInfoKit
import WeatherWidgets

extension HubConfiguration {
    /// `screen` as this configuration would show it now: its layout on its size (after rotation) and
    /// inks, in its language and clock, for a settings page's preview before saving; `nil` for a display
    /// this configuration does not have. The weather is `running`'s (cached data, never a network call),
    /// or the demo's in this configuration's language when the demo is its source; the sensors as
    /// `sensors` stores them.
    public func preview(
        of screen: HubScreen, running: any WeatherSource, sensors: SensorStore?, defaults: SharedDefaults, fonts: FontLibrary
    ) async -> Frame? {
        let drawn: (layout: WidgetLayout, size: PixelSize, capability: ColorCapability)
        switch screen {
        case .panel:
            drawn = (layout, panel.frameSize, panel.capability)
        case .display(let id):
            guard let display = displays.first(where: { $0.id == id }) else { return nil }
            drawn = (display.layout, display.frameSize, display.capability)
        }
        let weather: any WeatherSource = provider.source == .demo ? demoWeatherSource : running
        return await WidgetPreview.render(
            layout: drawn.layout, size: drawn.size, capability: drawn.capability,
            data: widgetData(weather: weather, sensors: sensors, defaults: defaults), fonts: fonts)
    }
}
