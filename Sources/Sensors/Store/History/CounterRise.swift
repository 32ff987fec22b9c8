/// How much a cumulative counter (a rain gauge's `rain_mm`) rose over a run of buckets: the sum of its
/// rises, counted through a reset or a wrap (a new battery, an overflow) without adding the counter's
/// whole value. A fall starts a new baseline; the rise across it, which cannot be known, counts as none.
enum CounterRise {
    /// The rise over `points` (oldest first), from `baseline` (the counter just before the first bucket)
    /// when it is known.
    static func total(of points: some Sequence<HistoryPoint>, after baseline: Double?) -> Double {
        var total = 0.0
        var previous = baseline
        for point in points {
            if point.last < point.maximum {
                // It fell within the bucket: up to the maximum, then from the lowest value after the fall.
                if let previous, point.maximum >= previous { total += point.maximum - previous }
                total += point.last - point.minimum
            } else {
                if let previous, point.minimum >= previous { total += point.minimum - previous }
                total += point.maximum - point.minimum
            }
            previous = point.last
        }
        return total
    }
}
