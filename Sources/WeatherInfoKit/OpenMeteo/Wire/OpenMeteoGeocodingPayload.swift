/// The body of the geocoding API's `/v1/search`. `results` is absent when nothing matches, and so is
/// any empty field of a place (`admin1`, `country_code`).
struct OpenMeteoGeocodingPayload: Decodable {
    var results: [Place]?

    struct Place: Decodable {
        var name: String
        var latitude: Double
        var longitude: Double
        var countryCode: String?
        /// The first administrative area: a US state, a French region.
        var admin1: String?

        private enum CodingKeys: String, CodingKey {
            case name, latitude, longitude, admin1
            case countryCode = "country_code"
        }

        /// The place as a location; the state is kept for US places only, as the OpenWeatherMap
        /// geocoder gives it, so the names stay short on the panel.
        var location: Location {
            Location(
                name: name, countryCode: countryCode, state: countryCode == "US" ? admin1 : nil,
                coordinates: Coordinates(latitude: latitude, longitude: longitude))
        }
    }

    var locations: [Location] { (results ?? []).map(\.location) }
}
