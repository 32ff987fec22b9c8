/// An angle, clockwise on screen, for rotated icons such as the wind arrow.
public struct Angle: Sendable, Hashable {
    /// The angle in degrees.
    public var degrees: Double

    /// An angle in degrees.
    public init(degrees: Double) {
        self.degrees = degrees
    }

    /// An angle in degrees.
    public static func degrees(_ value: Double) -> Angle { Angle(degrees: value) }

    /// An angle in radians.
    public static func radians(_ value: Double) -> Angle { Angle(degrees: value * 180 / .pi) }

    /// The same angle in radians.
    public var radians: Double { degrees * .pi / 180 }

    public static let zero = Angle(degrees: 0)
}
