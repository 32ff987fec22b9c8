/// Readings folded into one history bucket; two aggregates of the same bucket combine exactly, so
/// pending writes merge into stored rows with one upsert.
struct HistoryAggregate: Sendable, Equatable {
    var count: Int
    var sum: Double
    var minimum: Double
    var maximum: Double
    var last: Double
    /// Observation time (seconds since 1970) of `last`.
    var lastAt: Double

    init(value: Double, at time: Double) {
        count = 1
        sum = value
        minimum = value
        maximum = value
        last = value
        lastAt = time
    }

    init(count: Int, sum: Double, minimum: Double, maximum: Double, last: Double, lastAt: Double) {
        self.count = count
        self.sum = sum
        self.minimum = minimum
        self.maximum = maximum
        self.last = last
        self.lastAt = lastAt
    }

    mutating func combine(_ other: HistoryAggregate) {
        count += other.count
        sum += other.sum
        minimum = min(minimum, other.minimum)
        maximum = max(maximum, other.maximum)
        if other.lastAt >= lastAt {
            last = other.last
            lastAt = other.lastAt
        }
    }
}

/// Which history table a bucket belongs to.
enum HistoryTier: Int, Sendable, CaseIterable {
    case fine = 0
    case coarse = 1
}
