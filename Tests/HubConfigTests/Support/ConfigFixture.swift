#if canImport(Glibc)
import Glibc
#endif
@testable import HubConfig
import InkWidgets

/// A throwaway directory with a configuration file in it, removed when the fixture goes away.
final class ConfigFixture {
    let directory: String

    init() {
        var template = Array("/tmp/hubconfig-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        directory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        let escaped = directory.replacing("'", with: "")
        _ = system("rm -rf '\(escaped)'")
    }

    var configFile: String { directory + "/config.yaml" }

    var paths: HubPaths {
        HubPaths(stateDirectory: directory + "/state", runtimeDirectory: directory + "/run", configFile: configFile)
    }

    /// Writes `text` to `name` in the directory with `mode`, returning its path.
    @discardableResult
    func write(_ text: String, to name: String = "config.yaml", mode: mode_t = 0o640) -> String {
        let path = directory + "/" + name
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        precondition(descriptor >= 0, "cannot create \(path)")
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        precondition(written == bytes.count)
        close(descriptor)
        chmod(path, mode)
        return path
    }

    @discardableResult
    func makeDirectory(_ name: String, mode: mode_t = 0o750) -> String {
        let path = directory + "/" + name
        mkdir(path, mode)
        return path
    }

    /// Loads `text` as the configuration file.
    func load(_ text: String, environment: [String: String] = [:], mode: mode_t = 0o640) throws -> HubConfiguration {
        write(text, mode: mode)
        return try HubConfiguration.load(paths: paths, environment: environment, catalog: Catalog.all)
    }

    /// The problems `text` has.
    func problems(_ text: String, environment: [String: String] = [:], mode: mode_t = 0o640) -> [ConfigurationProblem] {
        write(text, mode: mode)
        return HubConfiguration.check(paths: paths, environment: environment, catalog: Catalog.all).problems
    }
}

/// The widget kinds the service offers (`weather`, `sensors`, `forecast`, `quote`), as the layout check
/// sees them.
enum Catalog {
    static let all: [WidgetDescription] = [
        WidgetDescription(kind: "weather", displayName: "Weather", description: "Current weather", supportedFamilies: WidgetFamily.allCases),
        WidgetDescription(kind: "sensors", displayName: "Sensors", description: "Local sensors", supportedFamilies: [.small, .medium, .large]),
        WidgetDescription(kind: "forecast", displayName: "Forecast", description: "Five days", supportedFamilies: [.medium, .large, .extraLarge]),
        WidgetDescription(kind: "quote", displayName: "Daily Quote", description: "A quote a day", supportedFamilies: [.small, .medium]),
        WidgetDescription(
            kind: "history", displayName: "History", description: "The station's story", supportedFamilies: WidgetFamily.allCases,
            parameters: [WidgetParameter(name: "sensors", kind: .names, summary: "The sensors to show"),
                         WidgetParameter(name: "humidity", kind: .flag, summary: "A second chart")]),
    ]
}

/// The repository's root, found from this file's path.
enum Repository {
    static var root: String {
        var path = #filePath
        for _ in 0..<4 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }
}
