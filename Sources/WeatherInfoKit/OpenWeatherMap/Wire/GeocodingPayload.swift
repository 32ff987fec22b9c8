/// One candidate of `/geo/1.0/direct` (the body is a top-level array, `[]` when nothing matches).
struct GeocodingPayload: Decodable {
    var name: String
    var localNames: [String: String]?
    var lat: Double
    var lon: Double
    var country: String?
    var state: String?

    private enum CodingKeys: String, CodingKey {
        case name, lat, lon, country, state
        case localNames = "local_names"
    }

    /// The candidate as a location, named in `language` when the geocoder knows that name.
    func location(language: String?) -> Location {
        let localName = language.flatMap { localNames?[$0.lowercased()] }
        return Location(
            name: localName ?? name, countryCode: country, state: state,
            coordinates: Coordinates(latitude: lat, longitude: lon))
    }
}
