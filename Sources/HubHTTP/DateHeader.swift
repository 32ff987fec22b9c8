#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem
import Synchronization

/// The `Date` header every answer carries, formatted at most once a second and only when requests come:
/// no timer keeps it current while the hub is idle.
final class DateHeader: Sendable {
    private let latest = Mutex((second: Int.min, text: ""))

    /// The header's text for now.
    func now() -> String {
        let second = Int(Date().timeIntervalSince1970.rounded(.down))
        return latest.withLock { latest in
            if latest.second != second { latest = (second, CivilTime.httpDate(secondsSince1970: second)) }
            return latest.text
        }
    }
}
