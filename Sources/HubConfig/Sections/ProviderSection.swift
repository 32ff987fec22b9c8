import WeatherInfoKit

/// `provider:` — see `ProviderSettings`.
enum ProviderSection {
    /// - Parameters:
    ///   - panelLanguage: `display.language`'s code, the providers' language unless `language` is set.
    ///   - widgetTimeout: `widgets.provider_timeout`, within which a refresh (with a fallback, two) must end.
    static func read(_ root: ConfigMapping, paths: HubPaths, panelLanguage: String, widgetTimeout: Duration) -> ProviderSettings {
        let section = root.section("provider")
        let source = self.source(section)
        let fallback = self.fallback(section, source: source)
        let plan = section.choice("plan", default: OpenWeatherMapConfiguration.Plan.freeEndpoints)
        let units = section.choice("units", default: Units.metric)
        let configuredLanguage = language(section)
        let language = section.contains("language") ? configuredLanguage : panelLanguage
        let configuration = OpenWeatherMapConfiguration(
            baseURL: url(section, "base_url", default: OpenWeatherMapConfiguration.defaultBaseURL),
            plan: plan,
            units: units,
            language: language,
            dailyCallLimit: section.optionalInt("daily_call_limit", in: 1...1_000_000))
        let defaults = CallPolicy()
        let policy = CallPolicy(
            minimumInterval: section.duration("min_interval", default: defaults.minimumInterval, in: .seconds(60) ... .seconds(86_400)),
            firstRetryDelay: section.duration("retry_delay", default: defaults.firstRetryDelay, in: .seconds(5) ... .seconds(86_400)),
            maximumRetryDelay: section.duration("max_retry_delay", default: defaults.maximumRetryDelay, in: .seconds(60) ... .seconds(86_400)),
            rateLimitDelay: section.duration("rate_limit_delay", default: defaults.rateLimitDelay, in: .seconds(60) ... .seconds(86_400)),
            refreshTimeout: timeout(section, fallback: fallback, widgetTimeout: widgetTimeout))
        let openMeteo = OpenMeteoSection.read(section.section("open_meteo"), units: units, language: language, pauses: policy)
        var settings = ProviderSettings(
            source: source, fallback: fallback, openWeatherMap: configuration, callPolicy: policy,
            openMeteo: openMeteo.configuration, openMeteoCallPolicy: openMeteo.callPolicy,
            defaultCity: city(section), apiKeyFile: absolutePath(section, "api_key_file") ?? paths.apiKeyFile)
        if let text = section.optionalString("api_key") {
            if APIKey(text) == nil {
                section.diagnostics.report(section.keyPath("api_key"), at: section.node("api_key"), "does not look like an API key (32 letters and digits)",
                                           suggestion: "copy it again from home.openweathermap.org/api_keys, or store it with `weatherctl key set`")
            } else {
                let keyPath = section.keyPath("api_key")
                settings.configuredAPIKey = ConfiguredAPIKey(text: text, origin: section.diagnostics.origin(of: keyPath))
            }
        }
        section.finish()
        return settings
    }

    /// `source:`, or the older `demo:` (`true` is `source: demo`); both written and disagreeing is a problem.
    private static func source(_ section: ConfigMapping) -> ProviderSettings.Source {
        let demo = section.bool("demo", default: false)
        let source = section.choice("source", default: demo ? ProviderSettings.Source.demo : .openWeatherMap)
        if section.contains("demo"), section.contains("source"), demo != (source == .demo) {
            section.diagnostics.report(section.keyPath("demo"), at: section.node("demo"), "`demo: \(demo)` conflicts with `source: \(source.rawValue)`",
                                       suggestion: "remove `demo`: `source:` replaces it (`demo: true` is `source: demo`)")
        }
        return source
    }

    /// `fallback:`; only OpenWeatherMap can have one.
    private static func fallback(_ section: ConfigMapping, source: ProviderSettings.Source) -> ProviderSettings.Fallback {
        let fallback = section.choice("fallback", default: ProviderSettings.Fallback.none)
        guard fallback != .none, source != .openWeatherMap else { return fallback }
        let reason = source == .demo ? "the demo data never fail, so nothing would stand in for them" : "Open-Meteo cannot stand in for itself"
        section.diagnostics.report(section.keyPath("fallback"), at: section.node("fallback"), "`fallback: \(fallback.rawValue)` with `source: \(source.rawValue)`: \(reason)",
                                   suggestion: "set `source: openweathermap`, or `fallback: none`")
        return .none
    }

    /// `timeout:`, the longest a refresh may take. It must end before the widgets stop waiting for the
    /// report (`widgets.provider_timeout`), and with a fallback leave the same time to the stand-in; by
    /// default 12 s, or that share of a shorter widget timeout.
    private static func timeout(_ section: ConfigMapping, fallback: ProviderSettings.Fallback, widgetTimeout: Duration) -> Duration {
        let attempts = fallback == .none ? 1 : 2
        // A fifth of the widgets' wait is left for building the timeline from the report.
        let share = widgetTimeout * 4 / (5 * attempts)
        let timeout = section.duration("timeout", default: min(CallPolicy.defaultRefreshTimeout, share), in: .milliseconds(200) ... .seconds(600))
        if timeout > share {
            let fits = fallback == .none ? "" : " with the fallback's as long"
            section.diagnostics.report(
                section.keyPath("timeout"), at: section.node("timeout"),
                "\(DurationText.format(timeout)) does not fit\(fits) within `widgets.provider_timeout` (\(DurationText.format(widgetTimeout))): the widgets would give up first and show no fault",
                suggestion: "at most \(DurationText.format(share)), or raise `widgets.provider_timeout`")
        }
        return timeout
    }

    /// A provider's URL: HTTPS, or plain HTTP to a loopback address.
    static func url(_ section: ConfigMapping, _ key: String, default fallback: String) -> String {
        section.scalar(key, default: fallback, expected: ProviderURL.expected, suggestion: { _ in "e.g. `\(fallback)`" }, ProviderURL.accepted)
    }

    /// OpenWeatherMap's `lang=` codes: two letters, or two plus a region (`zh_cn`, `pt_br`).
    private static func language(_ section: ConfigMapping) -> String? {
        section.scalar("language", default: nil, expected: "a language code like en, de or zh_cn") { text in
            if ConfigMapping.isEmpty(text) { return .some(nil) }
            let parts = text.lowercased().split(separator: "_", omittingEmptySubsequences: false)
            let valid = (1...2).contains(parts.count) && parts.allSatisfy { $0.count == 2 && $0.allSatisfy { $0 >= "a" && $0 <= "z" } }
            return valid ? .some(text.lowercased()) : nil
        }
    }

    private static func city(_ section: ConfigMapping) -> Location {
        let fallback = DemoWeatherSource.city
        let name = section.string("city", default: fallback.name)
        if name.isEmpty { section.diagnostics.report(section.keyPath("city"), at: section.node("city"), "must not be empty", suggestion: "e.g. `city: Lyon`") }
        let country = section.scalar("country", default: section.contains("city") ? nil : fallback.countryCode,
                                     expected: "a two-letter country code like FR or US") { text in
            if ConfigMapping.isEmpty(text) { return .some(nil) }
            return text.count == 2 && text.allSatisfy(\.isLetter) ? .some(text.uppercased()) : nil
        }
        let state = section.optionalString("state")
        let latitude = section.scalar("latitude", default: nil as Double?, expected: "a latitude from -90 to 90") { text in
            Double(text).flatMap { (-90...90).contains($0) ? .some($0) : nil }
        }
        let longitude = section.scalar("longitude", default: nil as Double?, expected: "a longitude from -180 to 180") { text in
            Double(text).flatMap { (-180...180).contains($0) ? .some($0) : nil }
        }
        if (latitude == nil) != (longitude == nil), section.contains("latitude") != section.contains("longitude") {
            let missing = latitude == nil ? "latitude" : "longitude"
            section.diagnostics.report(section.keyPath(missing), at: section.node, "give both `latitude` and `longitude`, or neither")
        }
        let coordinates = latitude.flatMap { latitude in longitude.map { Coordinates(latitude: latitude, longitude: $0) } }
        if !section.contains("city"), !section.contains("latitude") { return fallback }
        return Location(name: name, countryCode: country, state: state, coordinates: coordinates)
    }
}
