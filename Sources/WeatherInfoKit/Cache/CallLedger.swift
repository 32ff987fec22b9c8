import FoundationEssentials

/// What a provider's service must remember across restarts besides the data: calls made today (both
/// providers count per UTC day) and, for a provider with keys, when the current key was first used (new
/// OpenWeatherMap keys take hours to activate).
struct CallLedger: Sendable, Hashable, Codable {
    /// Days since 1970-01-01 (UTC) of ``calls``.
    var utcDay: Int
    var calls: Int
    /// ``APIKey/fingerprint`` of the key last used.
    var keyFingerprint: String?
    /// When that key was first used.
    var keyFirstUsed: Date?
    /// Whether the provider has accepted that key at least once (a later 401 is then no activation delay).
    var keyAccepted: Bool

    init(utcDay: Int = 0, calls: Int = 0, keyFingerprint: String? = nil, keyFirstUsed: Date? = nil, keyAccepted: Bool = false) {
        self.utcDay = utcDay
        self.calls = calls
        self.keyFingerprint = keyFingerprint
        self.keyFirstUsed = keyFirstUsed
        self.keyAccepted = keyAccepted
    }

    static func utcDay(of instant: Date) -> Int {
        Int(instant.timeIntervalSince1970.rounded(.down)).floorDivided(by: 86_400)
    }

    /// Calls made on the UTC day of `now`.
    func calls(on now: Date) -> Int {
        Self.utcDay(of: now) == utcDay ? calls : 0
    }

    /// Counts `cost` calls at `now`, starting a new day's count when the day changed.
    mutating func countCalls(_ cost: Int, at now: Date) {
        let day = Self.utcDay(of: now)
        if day != utcDay {
            utcDay = day
            calls = 0
        }
        calls += cost
    }

    /// The next 00:00 UTC after `now`, when the count starts again.
    static func nextUTCMidnight(after now: Date) -> Date {
        Date(timeIntervalSince1970: Double((utcDay(of: now) + 1) * 86_400))
    }
}
