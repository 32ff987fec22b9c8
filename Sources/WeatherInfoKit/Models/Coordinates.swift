/// A point on Earth in decimal degrees (WGS 84), as OpenWeatherMap and its geocoder use them.
public struct Coordinates: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
