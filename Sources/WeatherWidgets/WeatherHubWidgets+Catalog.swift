public import InkWidgets

extension WeatherHubWidgets {
    /// Every widget's gallery entry, in the bundle's order, without building any provider: what a
    /// configuration's layout is checked against.
    public static let catalog = [
        WeatherWidget.gallery, SensorsWidget.gallery, ForecastWidget.gallery, QuoteWidget.gallery, HistoryWidget.gallery,
    ]
}
