import EPaper
public import HubConfig
public import InkUI
public import Sensors
public import SharedDefaultsKit
public import WeatherInfoKit
import WeatherWidgets

extension HubConfiguration {
    /// The wired panel as this configuration would show it now: its layout on its panel's size (after
    /// rotation) and inks, in its language and clock, for a settings page's preview before saving. The
    /// weather is `running`'s (cached data, never a network call), or the demo's in this configuration's
    /// language when the demo is its source; the sensors as `sensors` stores them.
    public func panelPreview(running: any WeatherSource, sensors: SensorStore?, defaults: SharedDefaults, fonts: FontLibrary) async -> Frame {
        let weather: any WeatherSource = provider.source == .demo ? demoWeatherSource : running
        return await WidgetPreview.render(
            layout: layout, size: panel.frameSize, capability: panel.capability,
            data: widgetData(weather: weather, sensors: sensors, defaults: defaults), fonts: fonts)
    }
}
