import HubSystem

/// What to ask OpenWeatherMap for and where.
public struct OpenWeatherMapConfiguration: Sendable, Hashable {
    /// The production API, over HTTPS.
    public static let defaultBaseURL = "https://api.openweathermap.org"

    /// Which endpoints a refresh calls.
    public enum Plan: String, Sendable, Hashable, Codable, CaseIterable {
        /// `/data/2.5/weather` + `/data/2.5/forecast` (two calls a refresh), which any free key may use.
        case freeEndpoints = "free"
        /// `/data/3.0/onecall` (one call a refresh), for keys subscribed to "One Call by Call".
        case oneCall = "onecall"

        /// The daily call limit kept when none is configured: One Call's free 1 000 calls a day; for the
        /// free endpoints, their 1 000 000 calls a month spread over a 31-day month.
        public var defaultDailyCallLimit: Int {
            switch self {
            case .freeEndpoints: 32_000
            case .oneCall: 1_000
            }
        }
    }

    /// Scheme, host and optional port (and path prefix) of the API, without a trailing slash; tests and
    /// proxies point it elsewhere.
    public var baseURL: String
    public var plan: Plan
    public var units: Units
    /// The language of condition descriptions (`lang=`: "en", "de", "zh_cn"); `nil` leaves OpenWeatherMap's
    /// default (English).
    public var language: String?
    /// The most calls the service makes per UTC day, geocoding included.
    public var dailyCallLimit: Int

    public init(
        baseURL: String = OpenWeatherMapConfiguration.defaultBaseURL, plan: Plan = .freeEndpoints,
        units: Units = .metric, language: String? = nil, dailyCallLimit: Int? = nil
    ) {
        self.baseURL = String(baseURL.trimmingSuffix { $0 == "/" })
        self.plan = plan
        self.units = units
        self.language = language
        self.dailyCallLimit = dailyCallLimit ?? plan.defaultDailyCallLimit
    }
}
