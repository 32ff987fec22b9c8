public import InkUI

/// One refresh as the controller asks for it.
public struct PanelRefresh: Sendable, Hashable {
    /// The whole frame, in logical orientation.
    public var frame: Frame
    /// Full, fast or partial.
    public var kind: RefreshKind
    /// For `.partial`: the logical rectangle that changed (the driver aligns it to its RAM bytes).
    public var window: PixelRect?
    /// Why the frame is shown, for logs.
    public var reason: String

    /// A request as given.
    public init(frame: Frame, kind: RefreshKind, window: PixelRect? = nil, reason: String) {
        self.frame = frame
        self.kind = kind
        self.window = window
        self.reason = reason
    }
}

/// A panel at driver level: takes whole frames and leaves the controller in deep sleep after every
/// refresh. Real controllers (SSD168x, UC8179) and the simulated panel implement it; a driver is owned
/// by one `PanelDevice`, which calls it from one thread at a time.
public protocol PanelDriver: AnyObject {
    /// Frame size, colours, refresh kinds and window alignment.
    var layout: PanelLayout { get }
    /// Wakes the controller (reset and init), writes the frame, runs the refresh, and puts the
    /// controller back into deep sleep. A `.partial` refresh needs a full or fast one since the driver
    /// was created or last failed.
    func refresh(_ request: PanelRefresh) throws
    /// Puts the controller into deep sleep if a failed refresh left it awake.
    func sleep() throws
    /// Leaves the controller asleep, switches the panel supply off and releases the lines.
    func close()
}
