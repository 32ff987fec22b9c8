public import EPaper
public import HubDisplays
public import InkWidgets
public import Sensors
import WeatherInfoKit
public import WeatherWidgets
import Yams

/// Everything the service and `weatherctl` are configured with, read from one YAML file (or the embedded
/// default when there is none) with `WEATHERHUB_SECTION__KEY` environment overrides on top. Each section
/// fills the settings type its module defines.
public struct HubConfiguration: Sendable {
    /// The file read, or "built-in default configuration" when none exists.
    public var source: String
    /// `provider:` — demo, OpenWeatherMap or Open-Meteo, the fallback, the default city, units, language,
    /// call manners, key file.
    public var provider: ProviderSettings
    /// `display:` — the panel's language, units (the provider's) and clock.
    public var display: DisplaySettings
    /// `panel:` — model, wiring, SPI, keys, rotation and refresh budget (the simulated panel by default).
    /// With `panel: none` it is the simulated panel's profile, and `wiredPanel` is false.
    public var panel: PanelProfile
    /// False for `panel: none`: a hub that only renders for networked displays. Its layout is empty.
    public var wiredPanel: Bool
    /// Whether a broker or a socket feed brings readings.
    public var hasSensorIntake: Bool {
        sensors.broker != nil || sensors.socketFeed.isEnabled
    }
    /// `layout:` — the widgets on the panel, checked against the panel's size and the widget catalog.
    public var layout: WidgetLayout
    /// `widgets:` — the timeline scheduler's intervals and budgets. Its minimum display interval is the
    /// panel's minimum refresh interval.
    public var widgets: SchedulerSettings
    /// `mqtt:`, `socket_feed:` and `sensors:` — intake, sensor profiles, limits and history. The intake
    /// ignores the topics the hub publishes itself (`hubMQTT`).
    public var sensors: SensorSettings
    /// `mqtt:` — the hub's own state and command topics and Home Assistant discovery, with the entities
    /// the layout and provider call for.
    public var hubMQTT: HubMQTTSettings
    /// `displays:` — the screens the hub renders for over the network (TRMNL devices, images).
    public var displays: [NetworkDisplayProfile]
    /// `http:` — the web side (TRMNL's device API, images, status page); nil when neither `http:` nor
    /// `displays:` is configured, so nothing listens.
    public var http: HTTPSettings?
    /// `logging:` — level and format.
    public var logging: LoggingSettings
    /// The directories in use: the resolved paths with the `paths:` overrides applied.
    public var paths: HubPaths

    /// Reads the configuration file named by `paths.configFile`; a missing file gives the embedded default
    /// (demo weather on the simulated panel).
    ///
    /// - Parameters:
    ///   - paths: usually `HubPaths.resolve(environment:)`.
    ///   - environment: the process environment, for `WEATHERHUB_SECTION__KEY` overrides.
    ///   - catalog: the widget kinds the service offers, to check the layout against.
    ///   - displayLanguage: a language to read instead of `display.language` (`weatherctl preview
    ///     --language`); the providers then speak it too, as they would the configured one, unless
    ///     `provider.language` is set.
    /// - Throws: every problem found (file, line, column, key path, suggestion); the service must not
    ///   start on any of them.
    public static func load(
        paths: HubPaths, environment: [String: String], catalog: [WidgetDescription], displayLanguage: PanelLanguage? = nil
    ) throws(ConfigurationError) -> HubConfiguration {
        let (configuration, problems) = read(paths: paths, environment: environment, catalog: catalog, displayLanguage: displayLanguage)
        guard problems.isEmpty else { throw ConfigurationError(problems: problems) }
        return configuration
    }

    /// Reads and checks the configuration without throwing, for `weatherctl config check`.
    public static func check(paths: HubPaths, environment: [String: String], catalog: [WidgetDescription]) -> ConfigurationCheck {
        let file = FileContents.read(paths.configFile)
        let (_, problems) = read(paths: paths, environment: environment, catalog: catalog, file: file)
        return ConfigurationCheck(configFile: paths.configFile, fileExists: file != .missing, problems: problems)
    }

    static func read(
        paths: HubPaths, environment: [String: String], catalog: [WidgetDescription],
        file: FileContents? = nil, readFile: (String) -> FileContents = FileContents.read, displayLanguage: PanelLanguage? = nil
    ) -> (HubConfiguration, [ConfigurationProblem]) {
        var problems: [ConfigurationProblem] = []
        let source: String
        let text: String
        var mode: UInt32 = 0o600
        switch file ?? readFile(paths.configFile) {
        case .missing:
            (source, text) = (DefaultConfiguration.source, DefaultConfiguration.text)
        case .text(let contents, let fileMode):
            (source, text, mode) = (paths.configFile, contents, fileMode)
        case .unreadable(let reason):
            (source, text) = (paths.configFile, "")
            problems.append(ConfigurationProblem(
                source: source, keyPath: "", message: "cannot read the configuration: \(reason)",
                suggestion: "let the service's group read it: `sudo chgrp weatherhub \(source) && sudo chmod 640 \(source)`"))
        }
        var document: Node?
        do {
            document = try Yams.compose(yaml: text, ConfigMapping.resolver)
        } catch {
            problems.append(YAMLErrorText.problem(error, source: source))
        }
        if let parsed = document, parsed.mapping == nil, !(parsed.scalar.map { ConfigMapping.isEmpty($0.string) } ?? false) {
            problems.append(ConfigurationProblem(
                source: source, line: parsed.mark?.line, column: parsed.mark?.column, keyPath: "",
                message: "the file must be sections of `key: value` lines", suggestion: "start with e.g. `provider:`"))
            document = nil
        }
        let (root, overridden) = EnvironmentOverrides.apply(environment, to: document)
        let diagnostics = ConfigDiagnostics(source: source, overrides: overridden)
        let mapping = ConfigMapping(path: "", node: root, diagnostics: diagnostics)

        let paths = paths.applying(PathsSection.read(mapping, environment: environment))
        var display = DisplaySection.read(mapping)
        if let displayLanguage { display.language = displayLanguage }
        var widgets = WidgetsSection.read(mapping)
        let provider = ProviderSection.read(
            mapping, paths: paths, panelLanguage: display.language.providerCode, widgetTimeout: widgets.providerTimeout)
        display.units = provider.openWeatherMap.units
        let wiredPanel = !PanelSection.isNone(mapping)
        let panel = wiredPanel ? PanelSection.read(mapping) : PanelProfile.builtIn(.simulated)
        let layout = wiredPanel
            ? LayoutSection.read(mapping, panelSize: panel.frameSize, catalog: catalog)
            : LayoutSection.none(mapping, panelSize: panel.frameSize)
        widgets.minimumDisplayInterval = panel.refresh.minimumInterval
        let mqtt = MQTTSection.read(mapping, readFile: readFile)
        let sensors = SensorsSection.read(mapping, mqtt: mqtt, paths: paths)
        var hubMQTT = mqtt.hub
        hubMQTT.features = HubFeatures(
            forecastDay: layout.placements.contains { $0.kind == ForecastWidget.kind }, countedProviders: provider.countedProviders,
            wiredPanel: wiredPanel)
        HubTopicsSection.checkExpiry(hubMQTT, sensors: sensors, at: mapping.section("mqtt"))
        let displays = DisplaysSection.read(mapping, catalog: catalog)
        if !wiredPanel, displays.isEmpty {
            diagnostics.report("panel", at: mapping.node("panel"), "with `panel: none` nothing would show the weather",
                               suggestion: "add a screen under `displays:`, or name your panel's `model`")
        }
        let http = HTTPSection.read(mapping, displaysConfigured: !displays.isEmpty)
        let logging = LoggingSection.read(mapping)
        mapping.finish()

        if provider.hasConfiguredAPIKey, overridden["provider.api_key"] == nil, mode & 0o004 != 0 {
            diagnostics.report("provider.api_key", at: mapping.node("provider")?.mapping?["api_key"],
                               "the file holds the API key and every user can read it",
                               suggestion: "`sudo chmod 640 \(source)`, or remove `api_key` and store the key with `weatherctl key set`")
        }
        problems += diagnostics.problems
        let configuration = HubConfiguration(
            source: source, provider: provider, display: display, panel: panel, wiredPanel: wiredPanel, layout: layout, widgets: widgets,
            sensors: sensors, hubMQTT: hubMQTT, displays: displays, http: http, logging: logging, paths: paths)
        return (configuration, problems.sorted(by: ConfigurationProblem.fileOrder))
    }
}

extension ConfigurationProblem {
    /// Problems from files first in line order, then those from the environment; equal places keep the
    /// order they were found in (`sorted` is stable).
    static func fileOrder(_ a: ConfigurationProblem, _ b: ConfigurationProblem) -> Bool {
        let aLine = a.line ?? Int.max, bLine = b.line ?? Int.max
        if aLine != bLine { return aLine < bLine }
        return (a.column ?? 0) < (b.column ?? 0)
    }
}
