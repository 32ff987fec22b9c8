/// Builds content from the environment in effect where it stands, like reading `@Environment` in SwiftUI:
/// `EnvironmentReader { environment in Text(environment.colorCapability == .blackWhiteRed ? "red" : "grey") }`.
public struct EnvironmentReader<Content: View>: View {
    let content: (EnvironmentValues) -> Content

    /// Content built from the environment.
    public init(@ViewBuilder content: @escaping (EnvironmentValues) -> Content) {
        self.content = content
    }

    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {
        content(context.environment)._lower(into: &context)
    }
}
