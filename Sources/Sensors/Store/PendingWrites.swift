/// What changed since the last flush, folded so its size depends on the number of sensors, fields and
/// history buckets touched, not on the number of messages. A sensor's row and latest values are not
/// copied here: the flush writes them as the store holds them at that moment.
struct PendingWrites: Sendable {
    /// The sensors changed since the last flush, each with the history buckets its readings fell into.
    var sensors: [SensorID: [PendingBucket]] = [:]
    var availability: [String: SensorAvailability] = [:]
    var overflowRejections = 0

    var isEmpty: Bool {
        sensors.isEmpty && availability.isEmpty && overflowRejections == 0
    }

    /// Marks `sensor` changed and lets `body` fold readings into its pending buckets (one lookup).
    mutating func update(_ sensor: SensorID, _ body: (inout [PendingBucket]) -> Void = { _ in }) {
        body(&sensors[sensor, default: []])
    }

    /// Puts a batch that failed to write back under what changed since it was taken.
    mutating func restore(_ batch: PendingWrites) {
        for (sensor, buckets) in batch.sensors {
            update(sensor) { pending in
                for bucket in buckets { pending.fold(bucket.aggregate, field: bucket.field, tier: bucket.tier, bucketStart: bucket.bucketStart) }
            }
        }
        for (source, announcement) in batch.availability where availability[source] == nil {
            availability[source] = announcement
        }
        overflowRejections += batch.overflowRejections
    }
}

/// Readings of one sensor field gathered since the last flush for one history bucket.
struct PendingBucket: Sendable, Equatable {
    var field: SensorField
    var tier: HistoryTier
    /// Seconds since 1970, a multiple of the tier's resolution.
    var bucketStart: Double
    var aggregate: HistoryAggregate
}

extension [PendingBucket] {
    /// Combines `aggregate` into the bucket it belongs to, adding the bucket when it is new. A sensor
    /// touches a handful of buckets between two flushes, so a linear search beats hashing.
    mutating func fold(_ aggregate: HistoryAggregate, field: SensorField, tier: HistoryTier, bucketStart: Double) {
        if let index = firstIndex(where: { $0.field == field && $0.tier == tier && $0.bucketStart == bucketStart }) {
            self[index].aggregate.combine(aggregate)
        } else {
            append(PendingBucket(field: field, tier: tier, bucketStart: bucketStart, aggregate: aggregate))
        }
    }
}
