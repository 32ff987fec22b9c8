#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import Sensors

/// A sensor field's recent history, drawn by the hub as a small chart (`SensorChartSVG`) on the status
/// page and the Sensors page.
public struct SensorChart: Sendable {
    /// The sensor and the quantity: "Garden · temperature".
    public var title: String
    /// The unit shown after the values ("°C"); empty for an index.
    public var unit: String
    /// The span the chart's width stands for.
    public var from: Date
    public var to: Date
    /// Runs of readings with no gap inside, oldest first: each is drawn as one line, nothing between.
    public var segments: [[(time: Date, value: Double)]]

    /// At most this many sensors get a chart on a page, so it stays small with 200 sensors.
    public static let pageLimit = 24

    public init(title: String, unit: String, from: Date, to: Date, segments: [[(time: Date, value: Double)]]) {
        self.title = title
        self.unit = unit
        self.from = from
        self.to = to
        self.segments = segments
    }

    /// `sensor`'s last 24 hours up to `now` of its main quantity (temperature, else its first
    /// measurement), each bucket at its middle; `nil` when it measures nothing or its history cannot be read.
    public static func lastDay(of sensor: SensorSnapshot, in store: SensorStore, at now: Date) async -> SensorChart? {
        let from = now.addingTimeInterval(-86_400)
        let measured = sensor.values.keys.filter(\.isMeasurement)
        guard let field = measured.contains(.temperature) ? .temperature : measured.min(),
            let series = try? await store.series(of: sensor.sensor, field: field, from: from, to: now)
        else { return nil }
        return SensorChart(
            title: "\(sensor.displayName) · \(field.name)", unit: field.unit, from: from, to: now,
            segments: series.segments.map { segment in
                segment.points.map { ($0.time.addingTimeInterval($0.width / 2), $0.mean) }
            })
    }
}
