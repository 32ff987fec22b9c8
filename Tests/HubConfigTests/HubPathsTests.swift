#if canImport(Glibc)
import Glibc
#endif
import HubConfig
import Testing

@Suite("HubPaths finds the same directories for the service and for weatherctl")
struct HubPathsTests {
    /// System locations inside the fixture, which do not exist until a test makes them.
    private func system(_ fixture: ConfigFixture) -> HubPaths.SystemLocations {
        HubPaths.SystemLocations(
            stateDirectory: fixture.directory + "/var/lib/weatherhub", runtimeDirectory: fixture.directory + "/run/weatherhub",
            configFile: fixture.directory + "/etc/weatherhub/config.yaml")
    }

    @Test("under systemd: STATE_DIRECTORY, RUNTIME_DIRECTORY, CONFIGURATION_DIRECTORY and CREDENTIALS_DIRECTORY")
    func systemd() {
        let fixture = ConfigFixture()
        let paths = HubPaths.resolve(environment: [
            "STATE_DIRECTORY": "/var/lib/weatherhub", "RUNTIME_DIRECTORY": "/run/weatherhub",
            "CONFIGURATION_DIRECTORY": "/etc/weatherhub", "CREDENTIALS_DIRECTORY": "/run/credentials/weatherhub.service",
            "HOME": "/nonexistent",
        ], system: system(fixture), userID: 990)
        #expect(paths == HubPaths(
            stateDirectory: "/var/lib/weatherhub", runtimeDirectory: "/run/weatherhub", configFile: "/etc/weatherhub/config.yaml",
            credentialsDirectory: "/run/credentials/weatherhub.service"))
        #expect(paths.controlSocket == "/run/weatherhub/control.sock")
        #expect(paths.sharedContainer == "/var/lib/weatherhub/shared")
        #expect(paths.latestFrame == "/var/lib/weatherhub/panel/latest.png")
        #expect(paths.apiKeyFile == "/var/lib/weatherhub/shared/openweathermap-api-key")
    }

    @Test("weatherctl beside an installed service: the system directories and file, found because they exist")
    func installedService() {
        let fixture = ConfigFixture()
        let locations = system(fixture)
        for directory in ["/var", "/var/lib", "/var/lib/weatherhub", "/run", "/run/weatherhub", "/etc", "/etc/weatherhub"] {
            _ = fixture.makeDirectory(String(directory.dropFirst()))
        }
        fixture.write("provider:\n  demo: true\n", to: "etc/weatherhub/config.yaml")
        let paths = HubPaths.resolve(environment: ["HOME": "/home/pi", "XDG_RUNTIME_DIR": "/run/user/1000"], system: locations, userID: 1000)
        #expect(paths == HubPaths(stateDirectory: locations.stateDirectory, runtimeDirectory: locations.runtimeDirectory, configFile: locations.configFile))
    }

    @Test("by hand with no service installed: XDG directories, else the home directory and /tmp")
    func byHand() {
        let fixture = ConfigFixture()
        let xdg = HubPaths.resolve(environment: [
            "HOME": "/home/pi", "XDG_STATE_HOME": "/home/pi/.state", "XDG_RUNTIME_DIR": "/run/user/1000", "XDG_CONFIG_HOME": "/home/pi/.cfg",
        ], system: system(fixture), userID: 1000)
        #expect(xdg == HubPaths(stateDirectory: "/home/pi/.state/weatherhub", runtimeDirectory: "/run/user/1000/weatherhub", configFile: "/home/pi/.cfg/weatherhub/config.yaml"))
        let bare = HubPaths.resolve(environment: ["HOME": "/home/pi"], system: system(fixture), userID: 1000)
        #expect(bare == HubPaths(stateDirectory: "/home/pi/.local/state/weatherhub", runtimeDirectory: "/tmp/weatherhub-1000", configFile: "/home/pi/.config/weatherhub/config.yaml"))
    }

    @Test("WEATHERHUB_* variables win over systemd's and the system directories")
    func explicit() {
        let fixture = ConfigFixture()
        let paths = HubPaths.resolve(environment: [
            "WEATHERHUB_STATE_DIR": "/srv/state", "WEATHERHUB_RUNTIME_DIR": "/srv/run", "WEATHERHUB_CONFIG": "/srv/hub.yaml",
            "STATE_DIRECTORY": "/var/lib/weatherhub", "RUNTIME_DIRECTORY": "/run/weatherhub", "CONFIGURATION_DIRECTORY": "/etc/weatherhub",
        ], system: system(fixture), userID: 0)
        #expect(paths == HubPaths(stateDirectory: "/srv/state", runtimeDirectory: "/srv/run", configFile: "/srv/hub.yaml"))
    }

    @Test("an installed hub's directory is used even by a user who cannot enter it: weatherctl says how to join the group")
    func notEnterable() throws {
        let fixture = ConfigFixture()
        for directory in ["var", "var/lib"] { _ = fixture.makeDirectory(directory) }
        _ = fixture.makeDirectory("var/lib/weatherhub", mode: 0o700)
        chmod(fixture.directory + "/var/lib/weatherhub", 0o000)
        defer { chmod(fixture.directory + "/var/lib/weatherhub", 0o700) }
        let paths = HubPaths.resolve(environment: ["HOME": "/home/pi"], system: system(fixture), userID: 1000)
        #expect(paths.stateDirectory == fixture.directory + "/var/lib/weatherhub")
    }
}
