import Foundation
@testable import Sensors

/// One store operation at a time, as tests apply them (the intake sends whole batches).
extension SensorStore {
    @discardableResult
    func apply(_ reading: SensorReading) -> ApplyOutcome {
        apply(CollectionOfOne(StoreOperation.reading(reading)))[0]
    }

    func recordRejection(source: SensorID, reason: RejectionReason, at time: Date) {
        _ = apply(CollectionOfOne(StoreOperation.rejection(source: source, reason: reason, at: time)))
    }

    func recordAvailability(_ announcement: SensorAvailability) {
        _ = apply(CollectionOfOne(StoreOperation.availability(announcement)))
    }
}
