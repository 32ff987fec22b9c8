/// The release of `weatherhub` and `weatherctl`; the control socket's `ping` carries it.
public enum HubVersion {
    public static let current = "0.2.0"
}
