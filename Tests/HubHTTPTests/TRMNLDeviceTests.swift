import Foundation
import HubDisplays
import HubTestSupport
import InkUI
import InkWidgets
import Testing

/// An emulated TRMNL device against the real web side on loopback: what it draws is what the display's
/// scheduler composed, pixel for pixel.
@Suite("TRMNL devices on loopback", .serialized)
struct TRMNLDeviceTests {
    static let mac = "AA:BB:CC:DD:EE:01"

    @Test("setup, then each wake draws the entry due, sleeps until the next one, and skips unchanged frames")
    func followsTheTimeline() async throws {
        let profile = LoopbackHub.profile("kitchen", devices: [DeviceID(Self.mac)!])
        // The test moves time: the next entry is due when the clock says so, however busy the machine.
        let clock = ManualSchedulerClock(start: Moment(wall: Date(), uptime: .zero))
        let hub = try await LoopbackHub.start(displays: [profile], spacing: 600, entries: 3, clock: clock)
        defer { Task { try await hub.stop() } }
        try await hub.settle()
        let device = EmulatedTRMNL(mac: Self.mac, baseURL: hub.baseURL)
        let setup = try await device.setup()
        #expect(setup.status == 200 && device.apiKey?.count == 32 && device.friendlyID?.count == 6)

        let first = try await device.wake()
        #expect(first.status == 0 && first.redrew)
        #expect(first.imageURL?.contains("/images/kitchen/\(first.filename ?? "")") == true)
        #expect(device.screen == LoopbackHub.expectedFrame("Hello Lyon 0", on: profile))
        #expect(device.screen == (try hub.servedFrame(0)))
        // The next entry is due in 600 s: the device is told to sleep that long (and a little for the frame
        // to be composed), not the display's longest sleep.
        #expect((600...605).contains(first.refreshRate), "\(first.refreshRate)")

        let unchanged = try await device.wake()
        #expect(unchanged.filename == first.filename && !unchanged.redrew)

        clock.advance(by: .seconds(first.refreshRate))
        try await hub.waitUntilServed(LoopbackHub.expectedFrame("Hello Lyon 1", on: profile))
        let second = try await device.wake()
        #expect(second.filename != first.filename && second.redrew)
        #expect(device.screen == LoopbackHub.expectedFrame("Hello Lyon 1", on: profile))
        #expect((595...605).contains(second.refreshRate), "\(second.refreshRate)")

        let telemetry = try #require(hub.registry.telemetry(of: DeviceID(Self.mac)!))
        #expect(telemetry.batteryVoltage == 4.12 && telemetry.rssi == -61 && telemetry.firmware == "1.5.7")
        #expect(telemetry.filename == second.filename && telemetry.nextWake == clock.now().wall + Double(second.refreshRate))
    }

    @Test("a city change reaches the device at its next wake-up")
    func cityChange() async throws {
        let profile = LoopbackHub.profile("kitchen", devices: [DeviceID(Self.mac)!])
        let hub = try await LoopbackHub.start(displays: [profile])
        defer { Task { try await hub.stop() } }
        try await hub.settle()
        let device = EmulatedTRMNL(mac: Self.mac, baseURL: hub.baseURL)
        try await device.setup()
        let before = try await device.wake()
        #expect(device.screen == LoopbackHub.expectedFrame("Hello Lyon 0", on: profile))

        hub.city.set("Paris")
        let reports = try await hub.center.reloadAndWait(ofKind: nil, reason: .user)
        #expect(reports.map(\.outcome) == [.shown])
        let after = try await device.wake()
        #expect(after.filename != before.filename && after.redrew)
        #expect(device.screen == LoopbackHub.expectedFrame("Hello Paris 0", on: profile))
    }

    @Test("old firmware gets the 48,062-byte BMP, new firmware a PNG, four greys a 2-bit PNG, rotation applied")
    func formats() async throws {
        let kitchen = LoopbackHub.profile("kitchen", devices: [DeviceID(Self.mac)!])
        let grey = LoopbackHub.profile(
            "grey", size: PixelSize(width: 480, height: 800), capability: .grayscale4, rotation: .quarter,
            devices: [DeviceID("AA:BB:CC:DD:EE:02")!])
        let hub = try await LoopbackHub.start(displays: [kitchen, grey])
        defer { Task { try await hub.stop() } }
        try await hub.settle()

        let old = EmulatedTRMNL(mac: Self.mac, firmware: "1.4.8", baseURL: hub.baseURL)
        // The setup screen takes the 800×480 1-bit BMP from every firmware, a four-grey display a PNG.
        #expect(try await old.setup().imageURL?.contains(".bmp?token=") == true)
        let oldWake = try await old.wake()
        #expect(oldWake.imageURL?.contains(".bmp?token=") == true)
        #expect(old.screen == LoopbackHub.expectedFrame("Hello Lyon 0", on: kitchen))

        let new = EmulatedTRMNL(mac: Self.mac, firmware: "1.8.15", baseURL: hub.baseURL)
        try await new.setup()
        let newWake = try await new.wake()
        #expect(newWake.imageURL?.contains(".png?token=") == true)
        #expect(new.screen == old.screen)

        let greyDevice = EmulatedTRMNL(mac: "AA:BB:CC:DD:EE:02", firmware: "1.8.15", baseURL: hub.baseURL)
        #expect(try await greyDevice.setup().imageURL?.contains(".png?token=") == true)
        try await greyDevice.wake()
        #expect(greyDevice.screen?.capability == .grayscale4)
        #expect(greyDevice.screen?.size == PixelSize(width: 480, height: 800))
        #expect(greyDevice.screen == LoopbackHub.expectedFrame("Hello Lyon 0", on: grey))
    }

    @Test("fifty devices waking at once all get the frame")
    func fiftyDevices() async throws {
        let profile = LoopbackHub.profile("kitchen", autoRegister: true)
        let hub = try await LoopbackHub.start(displays: [profile])
        defer { Task { try await hub.stop() } }
        try await hub.settle()
        let expected = LoopbackHub.expectedFrame("Hello Lyon 0", on: profile)
        let screens = try await withThrowingTaskGroup(of: Frame?.self) { group in
            for index in 0..<50 {
                group.addTask {
                    let device = EmulatedTRMNL(mac: String(format: "02:00:00:00:01:%02X", index), baseURL: hub.baseURL)
                    let setup = try await device.setup()
                    guard setup.status == 200 else { throw EmulatedTRMNL.DeviceError(message: setup.message) }
                    try await device.wake()
                    return device.screen
                }
            }
            var screens: [Frame?] = []
            for try await screen in group { screens.append(screen) }
            return screens
        }
        #expect(screens.count == 50)
        #expect(screens.allSatisfy { $0 == expected })
        #expect(hub.registry.registrations().count == 50)
    }

    @Test("device logs are stored per device and read back")
    func logs() async throws {
        let hub = try await LoopbackHub.start(displays: [LoopbackHub.profile("kitchen", devices: [DeviceID(Self.mac)!])])
        defer { Task { try await hub.stop() } }
        let device = EmulatedTRMNL(mac: Self.mac, baseURL: hub.baseURL)
        try await device.setup()
        #expect(try await device.postLog(["woke up", "battery fine"]) == 200)
        let lines = hub.logs.lastLines(of: DeviceID(Self.mac)!, count: 5)
        #expect(lines.count == 2)
        #expect(lines[0].contains(#""message":"woke up""#))
    }
}
