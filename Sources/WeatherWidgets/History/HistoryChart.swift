#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Sensors

/// The last 24 hours of a series as half-hour means for a chart, on the half-hour grid so the picture
/// changes only when a slot does. A slot without readings is `nil` (a gap) unless it lies inside a
/// stretch the sensor covered, where it is drawn between its neighbours: a sensor that reports every
/// 40 minutes is a line, one that was off for three hours a gap.
enum HistoryChart {
    static let span: TimeInterval = 24 * 3600
    static let slotWidth: TimeInterval = 1800
    static let slotCount = Int(span / slotWidth)

    /// The end of the last slot at `now`: the next half-hour boundary.
    static func end(at now: Date) -> Date {
        Date(timeIntervalSince1970: (now.timeIntervalSince1970 / slotWidth).rounded(.up) * slotWidth)
    }

    /// `slotCount` values, oldest first, for the 24 hours up to `end(at: now)`.
    static func values(of series: HistorySeries, at now: Date) -> [Double?] {
        let start = end(at: now).timeIntervalSince1970 - span
        var sums = [Double](repeating: 0, count: slotCount)
        var counts = [Int](repeating: 0, count: slotCount)
        for point in series.points where point.count > 0 && point.mean.isFinite {
            let slot = Int(((point.time.timeIntervalSince1970 - start) / slotWidth).rounded(.down))
            guard (0..<slotCount).contains(slot) else { continue }
            sums[slot] += point.mean * Double(point.count)
            counts[slot] += point.count
        }
        var values: [Double?] = (0..<slotCount).map { counts[$0] > 0 ? sums[$0] / Double(counts[$0]) : nil }
        for slot in values.indices where values[slot] == nil {
            let middle = start + (Double(slot) + 0.5) * slotWidth
            guard series.segments.contains(where: { $0.start.timeIntervalSince1970 <= middle && middle <= $0.end.timeIntervalSince1970 }),
                let before = values[..<slot].lastIndex(where: { $0 != nil }),
                let after = values[(slot + 1)...].firstIndex(where: { $0 != nil }),
                let low = values[before], let high = values[after]
            else { continue }
            values[slot] = low + (high - low) * Double(slot - before) / Double(after - before)
        }
        return values
    }
}
