/// A typed key of the shared defaults, with the value read when the key is absent or unreadable.
public struct DefaultsKey<Value: Codable & Sendable & Equatable>: Sendable {
    /// The key's name in the file.
    public let name: String
    public let defaultValue: Value

    public init(_ name: String, default defaultValue: Value) {
        self.name = name
        self.defaultValue = defaultValue
    }
}
