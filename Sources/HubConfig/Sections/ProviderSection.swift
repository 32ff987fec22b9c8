import WeatherInfoKit

/// `provider:` — see `ProviderSettings`.
enum ProviderSection {
    static func read(_ root: ConfigMapping, paths: HubPaths) -> ProviderSettings {
        let section = root.section("provider")
        let demo = section.bool("demo", default: false)
        let plan = section.choice("plan", default: OpenWeatherMapConfiguration.Plan.freeEndpoints)
        let configuration = OpenWeatherMapConfiguration(
            baseURL: baseURL(section),
            plan: plan,
            units: section.choice("units", default: Units.metric),
            language: language(section),
            dailyCallLimit: section.optionalInt("daily_call_limit", in: 1...1_000_000))
        let defaults = WeatherInfoKit.RefreshPolicy()
        let policy = WeatherInfoKit.RefreshPolicy(
            minimumInterval: section.duration("min_interval", default: defaults.minimumInterval, in: .seconds(60) ... .seconds(86_400)),
            firstRetryDelay: section.duration("retry_delay", default: defaults.firstRetryDelay, in: .seconds(5) ... .seconds(86_400)),
            maximumRetryDelay: section.duration("max_retry_delay", default: defaults.maximumRetryDelay, in: .seconds(60) ... .seconds(86_400)),
            rateLimitDelay: section.duration("rate_limit_delay", default: defaults.rateLimitDelay, in: .seconds(60) ... .seconds(86_400)))
        var settings = ProviderSettings(
            source: demo ? .demo : .openWeatherMap, openWeatherMap: configuration, refreshPolicy: policy,
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

    private static func baseURL(_ section: ConfigMapping) -> String {
        section.scalar("base_url", default: OpenWeatherMapConfiguration.defaultBaseURL, expected: "a URL starting with https://",
                       suggestion: { _ in "e.g. `\(OpenWeatherMapConfiguration.defaultBaseURL)`" }) { text in
            let lower = text.lowercased()
            return (lower.hasPrefix("https://") || lower.hasPrefix("http://")) && text.count > 8 ? text : nil
        }
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
