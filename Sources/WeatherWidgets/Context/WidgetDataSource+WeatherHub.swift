public import InkWidgets

extension WidgetDataSource {
    /// Local sensor readings (the sensor store): a change that alters what is shown reloads the widgets
    /// that read them, within their reload budget.
    public static let sensorReadings = WidgetDataSource("sensors")
}
