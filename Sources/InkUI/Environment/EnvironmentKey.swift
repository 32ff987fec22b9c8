/// A key for a value other modules keep in `EnvironmentValues`, like SwiftUI's `EnvironmentKey`:
///
/// ```swift
/// private struct WidgetFamilyKey: EnvironmentKey { static let defaultValue = WidgetFamily.small }
/// extension EnvironmentValues {
///     public var widgetFamily: WidgetFamily {
///         get { self[WidgetFamilyKey.self] }
///         set { self[WidgetFamilyKey.self] = newValue }
///     }
/// }
/// ```
public protocol EnvironmentKey {
    /// The type of the value.
    associatedtype Value: Sendable
    /// The value where no view has set one.
    static var defaultValue: Value { get }
}
