public import InkWidgets
public import Logging
public import SharedDefaultsKit
public import WeatherInfoKit

/// Every action a person can take, whichever door they come through: the control socket (`weatherctl`),
/// MQTT (Home Assistant) and the browser are adapters that parse their wire format, call these, and render
/// the result. So a city set from any of them is checked, looked up, refused and stored the same way, and
/// every door's reload is a person's request (exempt from the reload budget).
public struct HubActions: Sendable {
    /// The shared defaults the actions read and write (the city, the forecast day).
    public let defaults: SharedDefaults
    /// The widgets' center: the running schedulers in the service, the control socket in `weatherctl`.
    public let center: WidgetCenter
    /// Choosing the city through the weather source's geocoding.
    public let city: CityChange
    /// The forecast day and refresh (panel keys, `weatherctl open`).
    public let panel: PanelActions
    /// The networked displays' devices; `nil` where the hub has no web side (or outside the service).
    public let displays: DisplayActions?
    /// The OpenWeatherMap key; `nil` where the caller does not offer to change it.
    public let apiKey: APIKeyChange?
    /// Settings in the configuration file; `nil` where the caller does not offer to change them.
    public let configuration: ConfigurationChange?

    /// Actions on `defaults`, reloading through `center`, looking cities up through `weather` (when one can
    /// be made) as `provider`.
    public init(
        defaults: SharedDefaults, center: WidgetCenter, weather: (any WeatherSource)?, provider: WeatherProvider,
        displays: DisplayActions? = nil, apiKey: APIKeyChange? = nil, configuration: ConfigurationChange? = nil, logger: Logger
    ) {
        self.defaults = defaults
        self.center = center
        self.city = CityChange(source: weather, provider: provider)
        self.panel = PanelActions(defaults: defaults, center: center, logger: logger)
        self.displays = displays
        self.apiKey = apiKey
        self.configuration = configuration
    }

    /// Chooses the place `request` names and stores it durably as the city: once this returns, it survives
    /// a crash. Nothing is stored when it throws. Show it with `reload(kind: nil, wait:)`.
    public func setCity(_ request: CityChange.Request) async throws(CityChangeRefusal) -> CityChange.Choice {
        let choice = try await city.choose(request)
        do {
            try city.store(choice, in: defaults)
        } catch let error as SharedDefaultsError {
            throw .notSaved(error)
        } catch {
            throw .notSaved(SharedDefaultsError(.system, path: defaults.path, detail: "\(error)"))
        }
        return choice
    }

    /// Reloads the widgets of `kind` (every widget when `nil`) as a person's request; with `wait`, returns
    /// once the new frames are shown (one report per widget), otherwise at once with no reports.
    public func reload(kind: String? = nil, wait: Bool) async throws -> [ReloadReport] {
        switch (kind, wait) {
        case (nil, true):
            return try await center.reloadAllTimelinesAndWait(reason: .user)
        case (let kind?, true):
            return try await center.reloadTimelinesAndWait(ofKind: kind, reason: .user)
        case (nil, false):
            try await center.reloadAllTimelines(reason: .user)
        case (let kind?, false):
            try await center.reloadTimelines(ofKind: kind, reason: .user)
        }
        return []
    }
}
