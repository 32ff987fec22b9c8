/// One of the hub's screens: the wired panel, or a networked display by its id.
public enum HubScreen: Sendable, Hashable {
    case panel
    case display(String)
}
