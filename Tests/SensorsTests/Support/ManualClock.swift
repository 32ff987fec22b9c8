import Foundation
import Synchronization

/// A wall clock tests move by hand.
final class ManualClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = TestMessages.now) {
        current = Mutex(start)
    }

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// A closure to inject as `now`.
    var closure: @Sendable () -> Date { { self.now } }
}
