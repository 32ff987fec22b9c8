public import InkUI
public import InkWidgets

/// Ready-made layouts for a screen of any size, for the settings pages: the weather widget alone, or
/// beside the local sensors, the forecast or the station's history. The weather takes two thirds of a
/// landscape screen (the left) or of a portrait one (the top); each widget gets the family that suits its
/// region among those it comes in.
public enum LayoutPreset: String, Sendable, CaseIterable {
    case weather
    case weatherAndSensors = "weather-sensors"
    case weatherAndForecast = "weather-forecast"
    case weatherAndHistory = "weather-history"

    /// How the settings pages name it.
    public var title: String {
        switch self {
        case .weather: "The weather alone"
        case .weatherAndSensors: "The weather and the local sensors"
        case .weatherAndForecast: "The weather and the forecast"
        case .weatherAndHistory: "The weather and the station's last 24 hours"
        }
    }

    /// The widget beside the weather.
    private var companion: String? {
        switch self {
        case .weather: nil
        case .weatherAndSensors: SensorsWidget.kind
        case .weatherAndForecast: ForecastWidget.kind
        case .weatherAndHistory: HistoryWidget.kind
        }
    }

    /// The placements on a `size` screen.
    public func placements(for size: PixelSize) -> [WidgetPlacement] {
        let whole = PixelRect(origin: .zero, size: size)
        guard let companion else { return [Self.placement(WeatherWidget.kind, in: whole, number: 1)] }
        let main: PixelRect
        let side: PixelRect
        if size.width >= size.height {
            let width = size.width * 2 / 3
            main = PixelRect(x: 0, y: 0, width: width, height: size.height)
            side = PixelRect(x: width, y: 0, width: size.width - width, height: size.height)
        } else {
            let height = size.height * 2 / 3
            main = PixelRect(x: 0, y: 0, width: size.width, height: height)
            side = PixelRect(x: 0, y: height, width: size.width, height: size.height - height)
        }
        return [Self.placement(WeatherWidget.kind, in: main, number: 1), Self.placement(companion, in: side, number: 2)]
    }

    /// The preset whose placements on `size` are exactly `placements`, ids included, if one is. (The
    /// layout a configuration without `layout:` gets has other ids: it is no preset, and follows any size.)
    public static func matching(_ placements: [WidgetPlacement], size: PixelSize) -> LayoutPreset? {
        allCases.first { $0.placements(for: size) == placements }
    }

    private static func placement(_ kind: String, in region: PixelRect, number: Int) -> WidgetPlacement {
        let family = family(of: kind, in: region)
        return WidgetPlacement(kind: kind, family: family, id: WidgetID("\(kind)-\(family)-\(number)"), region: region)
    }

    /// A narrow column gets the small family; otherwise the region's area decides, and a family the widget
    /// does not come in gives way to the next smaller one it has.
    private static func family(of kind: String, in region: PixelRect) -> WidgetFamily {
        let area = region.size.width * region.size.height
        let wanted: WidgetFamily =
            region.size.width * 4 < region.size.height * 3 ? .small
            : area >= 300_000 ? .extraLarge : area >= 100_000 ? .large : area >= 30_000 ? .medium : .small
        let supported = WeatherHubWidgets.catalog.first { $0.kind == kind }?.supportedFamilies ?? [.small]
        let families = WidgetFamily.allCases
        let rank = families.firstIndex(of: wanted) ?? 0
        return families.prefix(rank + 1).reversed().first(where: supported.contains) ?? supported.first ?? .small
    }
}
