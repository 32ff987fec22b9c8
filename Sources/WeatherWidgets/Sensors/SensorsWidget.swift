public import InkWidgets
import InkUI

/// The sensors widget (kind `"sensors"`): local readings with their age and battery state.
public struct SensorsWidget: Widget {
    /// The kind the layout and `weatherctl` use.
    public static let kind = "sensors"
    let data: WidgetDataContext

    /// The widget reading from `data`.
    public init(data: WidgetDataContext) {
        self.data = data
    }

    /// The gallery entry, known before any data exists (the service checks the layout against it).
    public static let gallery = WidgetDescription(
        kind: kind, displayName: "Sensors",
        description: "Local readings: outdoor and room sensors with their age and low batteries.",
        supportedFamilies: [.small, .medium, .large, .extraLarge])

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: SensorsTimelineProvider(data: data)) { entry in
            SensorsView(entry: entry)
        }
        .described(by: Self.gallery)
        .reads(.sensorReadings)
    }
}
