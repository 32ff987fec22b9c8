import FoundationEssentials
import HubSystem

/// Where the service finds the OpenWeatherMap API key, in this order: the systemd credential
/// (`$CREDENTIALS_DIRECTORY/openweathermap-api-key`, from `LoadCredential=`), the environment variable
/// `OPENWEATHERMAP_API_KEY`, a key written in the configuration, then the key file that
/// `weatherctl key set` writes. Never the command line,
/// where every user could read it in `ps`. The key is read again at each fetch, so a new key is used
/// without a restart.
public struct APIKeySource: Sendable, Hashable {
    /// The environment variable holding the key.
    public static let environmentVariable = "OPENWEATHERMAP_API_KEY"
    /// The systemd credential's name.
    public static let credentialName = "openweathermap-api-key"

    /// The key file (`weatherctl key set` writes it); `nil` for none.
    public var keyFile: String?
    /// The process environment (injected so tests need not change the real one).
    public var environment: [String: String]
    /// A key written in the configuration, if any.
    public var configuredKey: ConfiguredAPIKey?

    public init(keyFile: String?, environment: [String: String], configuredKey: ConfiguredAPIKey? = nil) {
        self.keyFile = keyFile
        self.environment = environment
        self.configuredKey = configuredKey
    }

    /// A key and where it came from.
    public struct Found: Sendable, Hashable {
        public var key: APIKey
        /// "systemd credential /run/credentials/…", "environment variable OPENWEATHERMAP_API_KEY",
        /// the configuration's place or "key file /var/lib/…": for status, never the key.
        public var origin: String
    }

    /// The first key found, or `nil` when none of the places holds one.
    public func load() throws(APIKeyError) -> Found? {
        if let directory = environment["CREDENTIALS_DIRECTORY"], !directory.isEmpty {
            let path = directory + "/" + Self.credentialName
            if let found = try Self.read(path, origin: "systemd credential \(path)") { return found }
        }
        if let text = environment[Self.environmentVariable], !text.isEmpty {
            let origin = "environment variable \(Self.environmentVariable)"
            guard let key = APIKey(text) else { throw APIKeyError(origin: origin, reason: "it does not look like an API key") }
            return Found(key: key, origin: origin)
        }
        if let configuredKey {
            guard let key = APIKey(configuredKey.text) else {
                throw APIKeyError(origin: configuredKey.origin, reason: "it does not look like an API key")
            }
            return Found(key: key, origin: configuredKey.origin)
        }
        if let keyFile {
            return try Self.read(keyFile, origin: "key file \(keyFile)")
        }
        return nil
    }

    /// Writes the key file (mode 0640, atomically), for `weatherctl key set`.
    public func store(_ key: APIKey) throws(APIKeyError) {
        guard let keyFile else { throw APIKeyError(origin: "key file", reason: "no key file is configured") }
        do {
            try AtomicFile.createDirectory(AtomicFile.parentDirectory(of: keyFile), permissions: 0o750)
            try AtomicFile.write(Data((key.value + "\n").utf8), to: keyFile, permissions: 0o640)
        } catch {
            throw APIKeyError(origin: "key file \(keyFile)", reason: Self.reason(error))
        }
    }

    private static func read(_ path: String, origin: String) throws(APIKeyError) -> Found? {
        let bytes: Data?
        do {
            bytes = try AtomicFile.read(path)
        } catch {
            throw APIKeyError(origin: origin, reason: reason(error))
        }
        guard let bytes else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        if text.trimmedWhitespace.isEmpty { return nil }
        guard let key = APIKey(text) else { throw APIKeyError(origin: origin, reason: "it does not look like an API key") }
        return Found(key: key, origin: origin)
    }

    /// The system's words for a failed file operation.
    private static func reason(_ error: any Error) -> String {
        (error as? SystemError)?.reason ?? "\(error)"
    }
}

/// A key place exists but cannot be used.
public struct APIKeyError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Which place ("key file /var/lib/weatherhub/openweathermap-api-key").
    public var origin: String
    /// Why ("Permission denied", "it does not look like an API key").
    public var reason: String

    public init(origin: String, reason: String) {
        self.origin = origin
        self.reason = reason
    }

    public var description: String {
        "The OpenWeatherMap API key in the \(origin) cannot be used (\(reason)): set it again with `weatherctl key set`."
    }
}
