/// Where readings are kept and how much history.
public struct StoreSettings: Sendable, Equatable {
    /// The SQLite file; `nil` keeps everything in memory (tests, `weatherctl sensors decode`).
    /// The configuration module points it into the service's state directory.
    public var databasePath: String?
    /// How long a reading waits before it is written, with everything that arrives meanwhile, in one
    /// transaction. Default 200 ms: the broker counts a QoS 1 reading as delivered once libmosquitto has
    /// acknowledged it, before the hub sees it, so this is what a killed hub can lose. At most five
    /// commits a second, however many messages arrive; none while none arrive.
    public var flushInterval: Duration
    /// Width of the fine history buckets. Default 1 minute.
    public var fineResolution: Duration
    /// How long fine buckets are kept. Default 26 hours (a 24 h chart with margin).
    public var fineRetention: Duration
    /// Width of the downsampled buckets. Default 1 hour.
    public var coarseResolution: Duration
    /// How long downsampled buckets are kept. Default 30 days.
    public var coarseRetention: Duration

    public init(
        databasePath: String? = nil, flushInterval: Duration = .milliseconds(200), fineResolution: Duration = .seconds(60),
        fineRetention: Duration = .seconds(26 * 3600), coarseResolution: Duration = .seconds(3600),
        coarseRetention: Duration = .seconds(30 * 86_400)
    ) {
        self.databasePath = databasePath
        self.flushInterval = flushInterval
        self.fineResolution = fineResolution
        self.fineRetention = fineRetention
        self.coarseResolution = coarseResolution
        self.coarseRetention = coarseRetention
    }
}
