/// A setting a widget takes from its place in the layout, as WidgetKit's configuration intents let each
/// instance on the Home Screen be set up on its own (a history widget's sensors, for example).
public struct WidgetParameter: Sendable, Hashable, Codable {
    /// What the layout writes for the parameter.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// `true` or `false`.
        case flag
        /// A list of names, such as sensors'.
        case names
    }

    /// The key under the widget's `- kind:` item in the layout, e.g. `sensors`.
    public var name: String
    public var kind: Kind
    /// A sentence on what it changes, for `weatherctl widgets` and the docs.
    public var summary: String

    public init(name: String, kind: Kind, summary: String) {
        self.name = name
        self.kind = kind
        self.summary = summary
    }
}

/// The values one placement gives its widget's parameters; a parameter the layout leaves out is absent.
public struct WidgetParameters: Sendable, Hashable, Codable {
    /// One parameter's value, of its parameter's kind.
    public enum Value: Sendable, Hashable, Codable {
        case flag(Bool)
        case names([String])
    }

    /// Every value set, by parameter name.
    public var values: [String: Value]

    public init(_ values: [String: Value] = [:]) {
        self.values = values
    }

    /// The flag's value; `false` when the layout does not set it.
    public func flag(_ name: String) -> Bool {
        if case .flag(let value)? = values[name] { value } else { false }
    }

    /// The names listed for the parameter; empty when the layout lists none.
    public func names(_ name: String) -> [String] {
        if case .names(let value)? = values[name] { value } else { [] }
    }
}
