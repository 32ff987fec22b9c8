import Foundation
import Synchronization

/// A clock tests move by hand: the services read it through `now`.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date) {
        current = Mutex(start)
    }

    var now: Date { current.withLock { $0 } }

    /// The closure services take as their clock.
    var reader: @Sendable () -> Date { { [self] in now } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    func set(_ date: Date) {
        current.withLock { $0 = date }
    }
}
