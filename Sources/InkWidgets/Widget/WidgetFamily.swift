/// The size classes a widget can be placed in (WidgetKit's `.systemSmall` … `.systemExtraLarge`). On a
/// panel each placed widget gets a pixel region; the family tells the widget which design to draw there.
public enum WidgetFamily: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case small
    case medium
    case large
    case extraLarge

    public var description: String { rawValue }
}
