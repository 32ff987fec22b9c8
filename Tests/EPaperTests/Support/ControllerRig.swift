import EPaper
import Foundation
import HubSystem
import InkUI
import Logging

/// A `PanelController` running (its `run()` in a task) over a real driver and a controller emulator,
/// all on one virtual time whose zero is Monday 00:00 local time (UTC+1).
final class ControllerRig<Model: CommandSetModel>: Sendable {
    static var mondayMidnightLocal: Date { Date(timeIntervalSince1970: 1_772_406_000) }
    static var zone: TimeZoneRules { TimeZoneRules(secondsFromUTC: 3600) }

    let time: TestTime
    let emulator: ControllerEmulator<Model>
    let controller: PanelController
    let log: LogRecorder
    let profile: PanelProfile
    private let running: Task<Void, any Error>?

    /// - Parameter runs: start `run()` in a task (tests that drive the lifecycle themselves pass false).
    init(
        profile: PanelProfile, emulator: ControllerEmulator<Model>, time: TestTime, stateDirectory: String?,
        log: LogRecorder = LogRecorder(), runs: Bool = true
    ) throws {
        self.time = time
        self.emulator = emulator
        self.log = log
        self.profile = profile
        let driver = try profile.makeDriver(bus: emulator.bus(panel: profile.name, busyLine: profile.wiring.busy))
        let device = PanelDevice(name: profile.name, driver: driver, clock: time.blocking)
        let controller = PanelController(
            device: device, settings: profile.refresh, stateStore: stateDirectory.map(PanelStateStore.init(directory:)),
            clock: time, timeZone: Self.zone, logger: log.logger(label: "panel"))
        self.controller = controller
        self.running = runs ? Task { try await controller.run() } : nil
    }

    /// Local wall time at the rig's epoch plus `offset`.
    func at(day: Int = 0, hour: Int, minute: Int, second: Int = 0) -> Duration {
        .seconds(day * 86_400 + hour * 3600 + minute * 60 + second)
    }

    /// Moves virtual time to `offset` and lets the controller's timer act on the way.
    func advance(to offset: Duration) async {
        await time.advance(to: offset)
    }

    /// Cancels `run()` (as graceful shutdown would) and waits for it to leave the panel asleep.
    func stop() async throws {
        running?.cancel()
        try await running?.value
    }

    /// The "panel refreshed" log records, in order.
    var refreshLog: [LogRecorder.Record] { log.records.filter { $0.message == "panel refreshed" } }
}

extension ControllerRig where Model == SSD168xModel {
    convenience init(_ model: PanelModel = .waveshare2in13V4, settings: RefreshPolicy.Settings = RefreshPolicy.Settings(),
                     stateDirectory: String? = nil, time: TestTime? = nil, runs: Bool = true) throws {
        var profile = PanelProfile.builtIn(model)
        profile.refresh = settings
        let time = time ?? TestTime(epoch: Self.mondayMidnightLocal)
        try self.init(profile: profile, emulator: SSD168xEmulator(model: SSD168xModel(model: model), time: time),
                      time: time, stateDirectory: stateDirectory, runs: runs)
    }
}

/// A fresh temporary directory per test.
func temporaryDirectory(_ name: String = #function) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("epaper-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
