import EPaper
import Foundation
import InkUI

/// The emulator and a driver for one panel model, sharing one virtual time.
struct EmulatedPanel<Model: CommandSetModel> {
    let emulator: ControllerEmulator<Model>
    let driver: any PanelDriver
    let time: TestTime
}

/// What tests read from an emulator, whichever controller family it models.
protocol EmulatedController: AnyObject, Sendable {
    var sentCommands: [SentCommand] { get }
    var displayedImage: Frame? { get }
    var refreshes: [EmulatedRefresh] { get }
    var bytesReceived: Int { get }
    var phase: ControllerPhase { get }
    func holdBusy(at level: Bool?)
    func finish() -> [ControllerViolation]
}

extension ControllerEmulator: EmulatedController {}

/// Opens the real driver of a model against the matching controller emulator.
enum EmulatedPanels {
    /// The driver of any wired model against its controller's emulator.
    static func wired(_ profile: PanelProfile) throws -> (driver: any PanelDriver, emulator: any EmulatedController, time: TestTime) {
        if profile.model.controller == .uc8179 {
            let panel = try uc8179(profile)
            return (panel.driver, panel.emulator, panel.time)
        }
        let panel = try ssd168x(profile)
        return (panel.driver, panel.emulator, panel.time)
    }

    static func open<Model: CommandSetModel>(_ profile: PanelProfile, time: TestTime = TestTime(epoch: .init(timeIntervalSince1970: 1_772_409_600)), bufferSize: Int = 4096) throws -> EmulatedPanel<Model> {
        let emulator = ControllerEmulator(model: Model(model: profile.model), time: time, bufferSize: bufferSize)
        let driver = try profile.makeDriver(bus: emulator.bus(panel: profile.name, busyLine: profile.wiring.busy))
        return EmulatedPanel(emulator: emulator, driver: driver, time: time)
    }

    static func ssd168x(_ profile: PanelProfile, bufferSize: Int = 4096) throws -> EmulatedPanel<SSD168xModel> {
        try open(profile, bufferSize: bufferSize)
    }

    static func uc8179(_ profile: PanelProfile, bufferSize: Int = 4096) throws -> EmulatedPanel<UC8179Model> {
        try open(profile, bufferSize: bufferSize)
    }
}

/// A 153-byte LUT for register 0x32. Its values mean nothing to the emulator, which only checks that a
/// host waveform is loaded before a mode-2 refresh on a panel whose OTP lacks one.
let arbitraryHostWaveform = [UInt8](repeating: 0x00, count: 153)
