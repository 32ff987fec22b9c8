#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import Sensors
public import SharedDefaultsKit
public import WeatherInfoKit
import InkWidgets

/// Everything the WeatherHub widgets read: the weather source, the sensor store, the shared defaults,
/// the configured location and display settings, the quotes and the clock. The service and `weatherctl`
/// build one and hand it to ``WeatherHubWidgets`` or ``WidgetPreview``.
public struct WidgetDataContext: Sendable {
    /// Where weather reports come from (OpenWeatherMap, or the demo).
    public var weather: any WeatherSource
    /// `nil` when no sensors are configured.
    public var sensors: SensorStore?
    /// The shared defaults: city, units, forecast day, daily quote.
    public var defaults: SharedDefaults
    /// The configuration's city; the shared `.city` key wins when set.
    public var defaultLocation: Location
    /// The configuration's display settings; the shared `.units` key wins when set.
    public var display: DisplaySettings
    /// The daily quote widget's list, in order.
    public var quotes: [Quote]
    /// The wall clock, injected for tests.
    public var now: @Sendable () -> Date

    /// A context with the built-in quotes and the system clock unless told otherwise.
    public init(
        weather: any WeatherSource, sensors: SensorStore? = nil, defaults: SharedDefaults, defaultLocation: Location,
        display: DisplaySettings = DisplaySettings(), quotes: [Quote] = Quote.builtIn,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.weather = weather
        self.sensors = sensors
        self.defaults = defaults
        self.defaultLocation = defaultLocation
        self.display = display
        self.quotes = quotes
        self.now = now
    }

    /// The location to show now: the shared city when set (and named), else the configuration's.
    public var location: Location {
        if let city = defaults.value(for: .city), !city.name.allSatisfy(\.isWhitespace) {
            return city
        }
        return defaultLocation
    }

    /// The weather report a timeline shows: from the cache for a preview, fetched when due otherwise, and
    /// fetched now when a person asked for the reload (`weatherctl reload`, a key press).
    func weatherReport(for location: Location, in context: TimelineProviderContext) async -> WeatherReport {
        if context.isPreview { return await weather.cachedWeather(for: location) }
        return await weather.weather(for: location, force: context.reloadReason?.isRequestedByPerson == true)
    }

    /// The display settings in force now: the configuration's, with the shared units when set.
    public var effectiveDisplay: DisplaySettings {
        var display = display
        if let units = defaults.value(for: .units) { display.units = units }
        return display
    }
}
