public import HubConfig
public import Sensors
public import SharedDefaultsKit
public import WeatherInfoKit
public import WeatherWidgets

extension HubConfiguration {
    /// What the widgets read, as this configuration sets it up: its default city, language, units and clock.
    public func widgetData(weather: any WeatherSource, sensors: SensorStore?, defaults: SharedDefaults) -> WidgetDataContext {
        WidgetDataContext(
            weather: weather, sensors: sensors, defaults: defaults, defaultLocation: provider.defaultCity,
            display: display)
    }
}
