/// Wind at one moment, in the report's ``Units`` (m/s, or mph with imperial).
public struct Wind: Sendable, Hashable, Codable {
    public var speed: Double
    /// Gusts, when the station or model reports them.
    public var gust: Double?
    /// Where the wind comes from, in degrees clockwise from north; absent in calm or legacy data.
    public var direction: Int?

    public init(speed: Double, gust: Double? = nil, direction: Int? = nil) {
        self.speed = speed
        self.gust = gust
        self.direction = direction
    }
}
