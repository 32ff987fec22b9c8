public import InkWidgets

/// Every widget WeatherHub offers, in gallery order: weather, sensors, forecast, daily quote, history. The
/// service hosts `body`; `weatherctl widgets` lists its descriptions.
public struct WeatherHubWidgets: WidgetBundle {
    /// What every widget of the bundle reads.
    public let data: WidgetDataContext

    /// The widgets reading from `data`.
    public init(data: WidgetDataContext) {
        self.data = data
    }

    public var body: [any WidgetConfiguration] {
        WeatherWidget(data: data)
        SensorsWidget(data: data)
        ForecastWidget(data: data)
        QuoteWidget(data: data)
        HistoryWidget(data: data)
    }
}
