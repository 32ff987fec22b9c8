/// How far frames are turned, clockwise, to fit the panel's native RAM layout (portrait for the
/// Waveshare panels up to 2.9", landscape for 4.2" and 7.5"). With 90 or 270 a 250×122 landscape frame
/// drives a 122×250 panel.
public enum PanelRotation: Int, Sendable, Hashable, Codable, CaseIterable {
    case none = 0
    case quarter = 90
    case half = 180
    case threeQuarters = 270

    /// Whether logical and native sizes are transposed.
    public var swapsAxes: Bool { self == .quarter || self == .threeQuarters }
}
