#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem

/// A sensor's recent history as a small inline SVG the hub draws (nothing is fetched): one polyline per
/// run of readings, so a gap stays blank, with at most one point per pixel column so the page stays small
/// whatever the buckets' width.
public struct SensorChartSVG {
    public static let width = 240
    public static let height = 48
    /// Room above and below the line, so the stroke at the extremes is not cut.
    private static let margin = 3.0

    let chart: SensorChart

    public init(chart: SensorChart) {
        self.chart = chart
    }

    /// The lowest and highest value drawn, or nil without readings.
    public var range: (low: Double, high: Double)? {
        let values = chart.segments.joined().map(\.value)
        guard let low = values.min(), let high = values.max() else { return nil }
        return (low, high)
    }

    /// "12.5 – 21 °C": the lowest and highest value drawn with the unit (escaped), or nil without readings.
    public var rangeText: String? {
        range.map { "\(Self.text($0.low)) – \(Self.text($0.high)) \(MarkupText.escape(chart.unit))" }
    }

    /// The `<svg>` element; empty without readings.
    public func render() -> String {
        guard let (low, high) = range else { return "" }
        let height = Double(Self.height)
        func y(_ value: Double) -> String {
            let fraction = high == low ? 0.5 : (high - value) / (high - low)
            return ReportNumber.compact(Self.margin + fraction * (height - 2 * Self.margin), maxDigits: 1)
        }
        var shapes = ""
        for segment in chart.segments {
            let points = columns(segment)
            if points.count == 1, let point = points.first {
                shapes += "<circle cx=\"\(ReportNumber.compact(point.x, maxDigits: 1))\" cy=\"\(y(point.value))\" r=\"1.5\" fill=\"#1d1d1b\"/>"
            } else if !points.isEmpty {
                let coordinates = points.map { "\(ReportNumber.compact($0.x, maxDigits: 1)),\(y($0.value))" }.joined(separator: " ")
                shapes += "<polyline points=\"\(coordinates)\"/>"
            }
        }
        let label = MarkupText.escape("\(chart.title): \(Self.text(low)) to \(Self.text(high)) \(chart.unit)")
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.width)\" height=\"\(Self.height)\" "
            + "viewBox=\"0 0 \(Self.width) \(Self.height)\" role=\"img\" aria-label=\"\(label)\">"
            + "<g fill=\"none\" stroke=\"#1d1d1b\" stroke-width=\"1.5\" stroke-linejoin=\"round\">" + shapes + "</g></svg>"
    }

    /// A value as the page writes it, to a tenth.
    public static func text(_ value: Double) -> String {
        ReportNumber.compact(value, maxDigits: 1)
    }

    /// The mean of the readings falling in each pixel column, in order, at the column's centre.
    private func columns(_ segment: [(time: Date, value: Double)]) -> [(x: Double, value: Double)] {
        let span = max(chart.to.timeIntervalSince(chart.from), 1)
        var columns: [(column: Int, sum: Double, count: Int)] = []
        for (time, value) in segment {
            let fraction = min(max(time.timeIntervalSince(chart.from) / span, 0), 1)
            let column = min(Int(fraction * Double(Self.width)), Self.width - 1)
            if let last = columns.last, last.column == column {
                columns[columns.count - 1] = (column, last.sum + value, last.count + 1)
            } else {
                columns.append((column, value, 1))
            }
        }
        return columns.map { (Double($0.column) + 0.5, $0.sum / Double($0.count)) }
    }
}
