/// A place to show weather for: what the user typed, or the geocoder candidate they chose. A place known
/// only by name has no coordinates yet and is asked for by name (`q=`); a geocoded one by coordinates.
public struct Location: Sendable, Hashable, Codable {
    /// The name as typed or as the geocoder returned it (any script: "Zürich", "München", "東京").
    public var name: String
    /// ISO 3166 alpha-2 country code ("FR", "US"), when known.
    public var countryCode: String?
    /// State or region; the geocoder gives it for US places only ("TX").
    public var state: String?
    /// Where the place is; `nil` until it has been geocoded.
    public var coordinates: Coordinates?

    public init(name: String, countryCode: String? = nil, state: String? = nil, coordinates: Coordinates? = nil) {
        self.name = name
        self.countryCode = countryCode
        self.state = state
        self.coordinates = coordinates
    }

    /// "Paris, TX, US" or "Paris, FR": enough to tell two places of the same name apart.
    public var displayName: String {
        ([name] + [state, countryCode].compactMap { $0 }.filter { !$0.isEmpty }).joined(separator: ", ")
    }

    /// The `q=` value OpenWeatherMap expects: `{city name},{state code},{country code}`, the state only
    /// for the US.
    var nameQuery: String {
        var parts = [name]
        if let state, !state.isEmpty, countryCode == "US" { parts.append(state) }
        if let countryCode, !countryCode.isEmpty { parts.append(countryCode) }
        return parts.joined(separator: ",")
    }
}
