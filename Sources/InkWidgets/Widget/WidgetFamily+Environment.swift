public import InkUI

private struct WidgetFamilyKey: EnvironmentKey {
    static let defaultValue = WidgetFamily.small
}

extension EnvironmentValues {
    /// The family of the widget being drawn (SwiftUI's `@Environment(\.widgetFamily)`).
    public var widgetFamily: WidgetFamily {
        get { self[WidgetFamilyKey.self] }
        set { self[WidgetFamilyKey.self] = newValue }
    }
}
