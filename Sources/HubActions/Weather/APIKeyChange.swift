public import WeatherInfoKit

/// The OpenWeatherMap API key, for every door that sets it (`weatherctl key set`, the Weather page):
/// where the hub finds the key now, and storing a new one in the key file (mode 0640, atomically). The
/// service reads the key at its next call, so a new key needs no restart. Neither says the key itself.
public struct APIKeyChange: Sendable {
    /// Where the key is looked for: the systemd credential, the environment, the configuration, the key file.
    public let source: APIKeySource

    /// What the hub would use now.
    public enum State: Sendable, Hashable {
        /// No place holds a key.
        case missing
        /// A key is found; `origin` names its place (never the key), `fromKeyFile` whether it is the stored
        /// one (otherwise a key stored here is not used while that place holds one).
        case found(origin: String, fromKeyFile: Bool)
        /// A place holds something that cannot be used.
        case unusable(APIKeyError)
    }

    public init(source: APIKeySource) {
        self.source = source
    }

    /// Where the key comes from now.
    public var state: State {
        do throws(APIKeyError) {
            guard let found = try source.load() else { return .missing }
            let beforeKeyFile = APIKeySource(keyFile: nil, environment: source.environment, configuredKey: source.configuredKey)
            return .found(origin: found.origin, fromKeyFile: (try? beforeKeyFile.load()) == nil)
        } catch {
            return .unusable(error)
        }
    }

    /// Stores `text` (trimmed) as the key in the key file, once it looks like a key.
    public func store(_ text: String) throws(APIKeyChangeRefusal) {
        guard let key = APIKey(text) else { throw .notAKey }
        do throws(APIKeyError) {
            try source.store(key)
        } catch {
            throw .notSaved(error)
        }
    }
}

/// Why a key was not stored.
public enum APIKeyChangeRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not 32 hexadecimal characters.
    case notAKey
    /// The key file could not be written.
    case notSaved(APIKeyError)

    public var description: String {
        switch self {
        case .notAKey:
            "that does not look like an OpenWeatherMap API key (32 hexadecimal characters, from https://home.openweathermap.org/api_keys)"
        case .notSaved(let error):
            "cannot save the key: \(error.origin): \(error.reason)"
        }
    }
}
