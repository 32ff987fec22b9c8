#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which tier answers for which part of a span, so no stretch of time is read from both: fine buckets
/// from the first coarse bucket boundary within the fine retention on, coarse buckets before it.
struct HistoryTierSplit {
    /// Seconds since 1970 where the fine tier takes over: a whole number of coarse buckets, so the last
    /// coarse bucket read ends where the first fine one starts.
    let boundary: Double
    let fineWidth: Double
    let coarseWidth: Double

    init(now: Date, fineRetention: Double, fineWidth: Double, coarseWidth: Double) {
        boundary = ((now.timeIntervalSince1970 - fineRetention) / coarseWidth).rounded(.up) * coarseWidth
        self.fineWidth = fineWidth
        self.coarseWidth = coarseWidth
    }

    /// The bucket starts to read from each tier for the span `from...to` (seconds since 1970), older
    /// tier first; a tier with nothing to give is left out.
    func ranges(from: Double, to: Double) -> [(tier: HistoryTier, range: ClosedRange<Double>)] {
        var ranges: [(tier: HistoryTier, range: ClosedRange<Double>)] = []
        let coarseStart = (from / coarseWidth).rounded(.down) * coarseWidth
        let coarseEnd = min(to, boundary - coarseWidth)
        if coarseStart <= coarseEnd { ranges.append((.coarse, coarseStart...coarseEnd)) }
        let fineStart = max((from / fineWidth).rounded(.down) * fineWidth, boundary)
        if fineStart <= to { ranges.append((.fine, fineStart...to)) }
        return ranges
    }
}
