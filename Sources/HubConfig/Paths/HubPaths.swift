#if canImport(Glibc)
import Glibc
#endif

/// Where the service and `weatherctl` keep their files. Both resolve it the same way from the
/// environment, so the CLI run by a member of the service's group finds the service's socket, shared
/// defaults and frames under `/etc/weatherhub`, `/var/lib/weatherhub` and `/run/weatherhub`, while a
/// service run by hand uses per-user directories.
public struct HubPaths: Sendable, Hashable {
    /// Persistent state: shared defaults, caches, the sensor database, the panel's frames.
    public var stateDirectory: String
    /// Volatile files: the control socket.
    public var runtimeDirectory: String
    /// The configuration file (it may not exist: the embedded default applies).
    public var configFile: String
    /// systemd's `$CREDENTIALS_DIRECTORY` (from `LoadCredential=`), when the service runs under systemd.
    public var credentialsDirectory: String?

    /// Paths as given (tests, or a caller that resolved them itself).
    public init(stateDirectory: String, runtimeDirectory: String, configFile: String, credentialsDirectory: String? = nil) {
        self.stateDirectory = stateDirectory
        self.runtimeDirectory = runtimeDirectory
        self.configFile = configFile
        self.credentialsDirectory = credentialsDirectory
    }

    /// The App Group container: `SharedDefaults` and the API key file live here (group-writable).
    public var sharedContainer: String { stateDirectory + "/shared" }
    /// The key file `weatherctl key set` writes (in the shared container, so a group member can set it).
    public var apiKeyFile: String { sharedContainer + "/openweathermap-api-key" }
    /// The control socket of `WidgetCenter` calls between `weatherctl` and the service.
    public var controlSocket: String { runtimeDirectory + "/control.sock" }
    /// The panel's state (counters, shown frame) and the simulated panel's images.
    public var panelDirectory: String { stateDirectory + "/panel" }
    /// The frame last sent to the panel, as PNG.
    public var latestFrame: String { panelDirectory + "/latest.png" }
    /// OpenWeatherMap's last good answers and call ledger.
    public var weatherCacheDirectory: String { stateDirectory + "/weather" }
    /// Open-Meteo's last good answers and call ledger, apart from OpenWeatherMap's.
    public var openMeteoCacheDirectory: String { weatherCacheDirectory + "/open-meteo" }
    /// The sensor readings and history (SQLite).
    public var sensorDatabase: String { stateDirectory + "/sensors.sqlite" }
    /// The MQTT topics holding a retained message of the hub's (its state, Home Assistant discovery), so
    /// a later configuration clears those it no longer has.
    public var retainedTopicsRecord: String { stateDirectory + "/mqtt-retained-topics.json" }
    /// Networked displays' state: the device registry (keys and tokens, mode 0600) and device logs.
    public var displaysDirectory: String { stateDirectory + "/displays" }
    /// The approved devices, their keys and the displays' image tokens.
    public var deviceRegistry: String { displaysDirectory + "/devices.json" }
    /// One log file per device (`/api/log`).
    public var deviceLogsDirectory: String { displaysDirectory + "/logs" }
    /// The bcrypt hash of the web pages' password (mode 0600), set by `weatherctl web password`.
    public var webPasswordFile: String { stateDirectory + "/web-password" }

    /// The places a packaged install uses; tests point them into a temporary directory.
    public struct SystemLocations: Sendable, Hashable {
        public var stateDirectory: String
        public var runtimeDirectory: String
        public var configFile: String

        /// Locations as given.
        public init(stateDirectory: String, runtimeDirectory: String, configFile: String) {
            self.stateDirectory = stateDirectory
            self.runtimeDirectory = runtimeDirectory
            self.configFile = configFile
        }

        /// `/var/lib/weatherhub`, `/run/weatherhub`, `/etc/weatherhub/config.yaml`.
        public static let standard = SystemLocations(
            stateDirectory: "/var/lib/weatherhub", runtimeDirectory: "/run/weatherhub", configFile: "/etc/weatherhub/config.yaml")
    }

    /// Resolves every path from the environment, first match wins:
    /// - state: `WEATHERHUB_STATE_DIR`, systemd's `STATE_DIRECTORY`, the system state directory when it
    ///   exists, `$XDG_STATE_HOME/weatherhub`, `~/.local/state/weatherhub`;
    /// - runtime: `WEATHERHUB_RUNTIME_DIR`, `RUNTIME_DIRECTORY`, the system runtime directory when it
    ///   exists, `$XDG_RUNTIME_DIR/weatherhub`, `/tmp/weatherhub-UID`;
    /// - configuration: `WEATHERHUB_CONFIG`, `$CONFIGURATION_DIRECTORY/config.yaml`, the system file when
    ///   it exists, `$XDG_CONFIG_HOME/weatherhub/config.yaml`, `~/.config/weatherhub/config.yaml`.
    ///
    /// An installed hub's directories are used even by a user who may not enter them (not in the
    /// service's group): `weatherctl` then fails saying how to join the group, instead of quietly
    /// saving a city in the user's own directory that no service reads. `userID` defaults to the
    /// process's.
    public static func resolve(
        environment: [String: String], system: SystemLocations = .standard, userID: UInt32? = nil
    ) -> HubPaths {
        let userID = userID ?? getuid()
        func value(_ name: String) -> String? {
            environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        // systemd may list several directories separated by ':'; the first is the unit's own.
        func firstOf(_ name: String) -> String? {
            value(name).flatMap { $0.split(separator: ":").first.map(String.init) }
        }
        let home = value("HOME") ?? homeDirectory(of: userID)
        let state = value("WEATHERHUB_STATE_DIR") ?? firstOf("STATE_DIRECTORY")
            ?? (isDirectory(system.stateDirectory) ? system.stateDirectory : nil)
            ?? (value("XDG_STATE_HOME") ?? home + "/.local/state") + "/weatherhub"
        let runtime = value("WEATHERHUB_RUNTIME_DIR") ?? firstOf("RUNTIME_DIRECTORY")
            ?? (isDirectory(system.runtimeDirectory) ? system.runtimeDirectory : nil)
            ?? value("XDG_RUNTIME_DIR").map { $0 + "/weatherhub" }
            ?? "/tmp/weatherhub-\(userID)"
        let config = value("WEATHERHUB_CONFIG") ?? firstOf("CONFIGURATION_DIRECTORY").map { $0 + "/config.yaml" }
            ?? (access(system.configFile, F_OK) == 0 ? system.configFile : nil)
            ?? (value("XDG_CONFIG_HOME") ?? home + "/.config") + "/weatherhub/config.yaml"
        return HubPaths(
            stateDirectory: state, runtimeDirectory: runtime, configFile: config,
            credentialsDirectory: value("CREDENTIALS_DIRECTORY"))
    }

    /// The paths with the configuration's `paths:` overrides applied.
    public func applying(_ overrides: PathOverrides) -> HubPaths {
        var paths = self
        if let state = overrides.stateDirectory { paths.stateDirectory = state }
        if let runtime = overrides.runtimeDirectory { paths.runtimeDirectory = runtime }
        return paths
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private static func homeDirectory(of userID: UInt32) -> String {
        guard let entry = getpwuid(userID), let directory = entry.pointee.pw_dir else { return "/" }
        return String(cString: directory)
    }
}
