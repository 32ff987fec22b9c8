#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem

/// The values of the shared defaults at one moment, read and changed through typed keys. Keys this
/// version does not know are carried along untouched.
public struct SharedDefaultsValues: Sendable, Equatable {
    var storage: [String: JSONValue]

    init(storage: [String: JSONValue] = [:]) {
        self.storage = storage
    }

    /// The key's value; its default when absent or stored with another shape.
    public subscript<Value>(key: DefaultsKey<Value>) -> Value {
        get {
            guard let raw = storage[key.name], let data = try? JSONEncoder().encode(raw),
                let value = try? JSONDecoder().decode(Value.self, from: data)
            else { return key.defaultValue }
            return value
        }
        set {
            if newValue == key.defaultValue {
                storage[key.name] = nil
            } else if let data = try? JSONEncoder().encode(newValue),
                let raw = try? JSONDecoder().decode(JSONValue.self, from: data)
            {
                storage[key.name] = raw
            }
        }
    }

    /// Whether a value is stored for the key (rather than its default).
    public func contains<Value>(_ key: DefaultsKey<Value>) -> Bool {
        storage[key.name] != nil
    }
}
