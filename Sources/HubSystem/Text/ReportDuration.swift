/// Prints ages and intervals the way the panel and the CLI show them (`45 s`, `12 min`, `3 h`, `2 d`).
public enum ReportDuration {
    /// `seconds` in its largest whole unit, rounded; negative spans keep their sign.
    public static func format(seconds: Double) -> String {
        let magnitude = abs(seconds)
        let sign = seconds < 0 ? "-" : ""
        switch magnitude {
        case ..<90: return "\(sign)\(Int(magnitude.rounded())) s"
        case ..<(90 * 60): return "\(sign)\(Int((magnitude / 60).rounded())) min"
        case ..<(48 * 3600): return "\(sign)\(Int((magnitude / 3600).rounded())) h"
        default: return "\(sign)\(Int((magnitude / 86_400).rounded())) d"
        }
    }
}
