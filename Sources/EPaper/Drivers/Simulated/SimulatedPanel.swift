#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem
public import InkUI
public import Logging

/// A panel without hardware: every refresh becomes an image in `<directory>/history/` (the newest
/// `historyLimit` kept) and replaces `<directory>/latest.<ext>` atomically, and is logged with
/// `panel.refresh.*` metadata. It goes through the same `PanelController` and refresh policy as a real
/// panel, so the budget and the logs show what a real panel would do.
public final class SimulatedPanel: PanelDriver {
    public let layout: PanelLayout
    /// Where the images go (`<state>/panel`).
    public let directory: String
    private let settings: SimulatedPanelSettings
    private let writer: any FrameImageWriter
    private let logger: Logger
    private let clock: any SchedulingClock
    private var hasPartialBase = false
    private var sequence: Int

    /// A simulated panel writing under `directory`; `clock` stamps the log records.
    public init(
        settings: SimulatedPanelSettings, rotation: PanelRotation = .none, directory: String,
        writer: any FrameImageWriter = PNGFrameImageWriter(), logger: Logger, clock: any SchedulingClock = SystemSchedulingClock()
    ) throws {
        self.settings = settings
        self.layout = PanelLayout(
            orientation: PanelOrientation(nativeSize: settings.size, rotation: rotation), capability: settings.capability,
            features: settings.features, windowAlignment: settings.capability == .grayscale4 ? 4 : 8)
        self.directory = directory
        self.writer = writer
        self.logger = logger
        self.clock = clock
        try FileManager.default.createDirectory(atPath: directory + "/history", withIntermediateDirectories: true)
        self.sequence = SimulatedPanel.historyFiles(in: directory + "/history").last.flatMap(SimulatedPanel.sequenceNumber) ?? 0
    }

    /// The image that always shows the panel's current content.
    public var latestPath: String { directory + "/latest." + writer.fileExtension }

    public func refresh(_ request: PanelRefresh) throws {
        try layout.check(request, panel: PanelModel.simulated.rawValue, hasPartialBase: hasPartialBase)
        let area = request.kind == .partial ? layout.refreshWindow(for: request.window ?? request.frame.bounds) : request.frame.bounds
        let image = Data(try writer.encode(request.frame))
        sequence += 1
        let name = "refresh-" + SimulatedPanel.padded(sequence) + "-" + request.kind.rawValue + "." + writer.fileExtension
        try image.write(to: URL(fileURLWithPath: directory + "/history/" + name), options: .atomic)
        try image.write(to: URL(fileURLWithPath: latestPath), options: .atomic)
        try pruneHistory()
        hasPartialBase = true
        logger.info(
            "panel refreshed",
            metadata: [
                "panel.refresh.time": "\(CivilTime.iso8601(clock.now))",
                "panel.refresh.kind": "\(request.kind.rawValue)",
                "panel.refresh.reason": "\(request.reason)",
                "panel.refresh.area": "\(area)",
                "panel.refresh.image": "\(name)",
            ])
    }

    public func sleep() throws {}

    public func close() {}

    private func pruneHistory() throws {
        let files = SimulatedPanel.historyFiles(in: directory + "/history")
        for file in files.dropLast(max(0, settings.historyLimit)) {
            try FileManager.default.removeItem(atPath: directory + "/history/" + file)
        }
    }

    /// History images sorted oldest first (names carry a zero-padded sequence number).
    private static func historyFiles(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasPrefix("refresh-") }.sorted()
    }

    private static func sequenceNumber(_ name: String) -> Int? {
        Int(name.dropFirst("refresh-".count).prefix { $0.isNumber })
    }

    private static func padded(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
