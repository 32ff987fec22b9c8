/// Bounds that keep memory, CPU and the log bounded whatever arrives.
public struct IntakeLimits: Sendable, Equatable {
    /// Larger payloads are refused before parsing. Default 16 KiB (a Shelly Pro full status fits).
    public var maxPayloadBytes: Int
    /// Deeper JSON is refused. Default 16.
    public var maxJSONDepth: Int
    /// Longer topics are refused. Default 256 bytes.
    public var maxTopicBytes: Int
    /// Sensors tracked at most; configured sensors always get a place. Default 200.
    public var maxSensors: Int
    /// Messages one sensor may send in a burst. Default 10.
    public var burstPerSensor: Int
    /// Sustained messages per minute one sensor may send beyond the burst. Default 60.
    public var messagesPerMinutePerSensor: Double
    /// Messages waiting between the MQTT thread and the decoders; the oldest are dropped (and counted)
    /// beyond it. Default 8192: the retained states a large setup's broker sends at once on subscribe
    /// fit, while the decoders catch up.
    public var queueCapacity: Int
    /// Payload and topic bytes waiting between the MQTT thread and the decoders, the other bound of that
    /// queue. Default 2 MiB (with each message's bookkeeping, about 3 MiB when full).
    public var queueBytes: Int
    /// Home Assistant unit hints remembered. Default 512.
    public var maxUnitHints: Int
    /// Payload times further ahead of the hub's clock are not trusted. Default 5 minutes.
    public var futureTolerance: Duration
    /// Rejection log lines per minute across all sensors; the rest are counted and summarised. Default 20.
    public var logLinesPerMinute: Int

    public init(
        maxPayloadBytes: Int = 16 * 1024, maxJSONDepth: Int = 16, maxTopicBytes: Int = 256, maxSensors: Int = 200,
        burstPerSensor: Int = 10, messagesPerMinutePerSensor: Double = 60, queueCapacity: Int = 8192,
        queueBytes: Int = 2 << 20, maxUnitHints: Int = 512, futureTolerance: Duration = .seconds(300), logLinesPerMinute: Int = 20
    ) {
        self.maxPayloadBytes = maxPayloadBytes
        self.maxJSONDepth = maxJSONDepth
        self.maxTopicBytes = maxTopicBytes
        self.maxSensors = maxSensors
        self.burstPerSensor = burstPerSensor
        self.messagesPerMinutePerSensor = messagesPerMinutePerSensor
        self.queueCapacity = queueCapacity
        self.queueBytes = queueBytes
        self.maxUnitHints = maxUnitHints
        self.futureTolerance = futureTolerance
        self.logLinesPerMinute = logLinesPerMinute
    }
}
