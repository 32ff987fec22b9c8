import Foundation
import HubDisplays
import InkUI
import InkWidgets
import Testing

@Suite("Device registry")
struct DeviceRegistryTests {
    static let kitchen = DeviceID("aa-bb-cc-dd-ee-01")!
    static let stranger = DeviceID("AA:BB:CC:DD:EE:99")!

    static func profiles(autoRegister: Bool = false) -> [NetworkDisplayProfile] {
        let layout = WidgetLayout(panelSize: PixelSize(width: 800, height: 480), placements: [])
        return [
            NetworkDisplayProfile(id: "kitchen", kind: .trmnl, layout: layout, devices: [kitchen], autoRegister: autoRegister),
            NetworkDisplayProfile(id: "hall", kind: .image, layout: layout),
        ]
    }

    static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("registry-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static let seen = DeviceTelemetry(lastSeen: Date(timeIntervalSince1970: 1_800_000_000))

    @Test("MAC addresses are read in any common spelling and kept in one form")
    func deviceIDs() {
        #expect(DeviceID("aa:bb:cc:dd:ee:ff")?.mac == "AA:BB:CC:DD:EE:FF")
        #expect(DeviceID("AA-BB-CC-DD-EE-FF")?.mac == "AA:BB:CC:DD:EE:FF")
        #expect(DeviceID("0a:1B-2c:3D-4e:5F")?.compact == "0A1B2C3D4E5F")
        #expect(DeviceID("02:00:00:00:00:FF")! < DeviceID("02:00:00:00:01:00")!)
        let bad = [
            "", "AA:BB:CC:DD:EE", "AA:BB:CC:DD:EE:FG", "AABBCCDDEEFF", "AA:BB:CC:DD:EE:FF:00", "A:BB:CC:DD:EE:FFF",
            "AA:BB:CC:DD:EE:FF:", ":AA:BB:CC:DD:EE:FF", "AA::BB:CC:DD:EE:F", "+A:BB:CC:DD:EE:FF", "AA:BB:CC:DD:EE:ÄF",
        ]
        for bad in bad {
            #expect(DeviceID(bad) == nil, "\(bad)")
        }
    }

    @Test("a listed device gets a key at setup, the same key again later and after a restart; the file is 0600")
    func listedDevice() async throws {
        let path = try Self.directory() + "/displays/devices.json"
        let registry = try DeviceRegistry(path: path, displays: Self.profiles())
        guard case .registered(let first) = try registry.setup(Self.kitchen, telemetry: Self.seen, fromLocalNetwork: false) else {
            Issue.record("the listed device was refused")
            return
        }
        #expect(first.display == "kitchen" && first.apiKey.count == 32 && first.friendlyID.count == 6)
        #expect(try registry.setup(Self.kitchen, telemetry: Self.seen, fromLocalNetwork: false) == .registered(first))
        let reopened = try DeviceRegistry(path: path, displays: Self.profiles())
        #expect(reopened.authenticate(device: Self.kitchen, apiKey: first.apiKey) == first)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try registry.imageToken(of: "hall") == reopened.imageToken(of: "hall"))
    }

    @Test("wrong, missing and foreign keys authenticate nothing")
    func wrongKeys() async throws {
        let registry = try DeviceRegistry(path: try Self.directory() + "/devices.json", displays: Self.profiles())
        guard case .registered(let registration) = try registry.setup(Self.kitchen, telemetry: Self.seen, fromLocalNetwork: false) else {
            Issue.record("refused")
            return
        }
        #expect(registry.authenticate(device: Self.kitchen, apiKey: nil) == nil)
        #expect(registry.authenticate(device: Self.kitchen, apiKey: "") == nil)
        #expect(registry.authenticate(device: Self.kitchen, apiKey: AccessToken.make()) == nil)
        #expect(registry.authenticate(device: Self.stranger, apiKey: registration.apiKey) == nil)
        #expect(registry.authenticate(device: nil, apiKey: registration.apiKey) == registration)
        #expect(!registry.allowsImage(of: "hall", token: nil))
        #expect(!registry.allowsImage(of: "hall", token: registration.apiKey))
        #expect(registry.allowsImage(of: "hall", token: try registry.imageToken(of: "hall")))
    }

    @Test("an unknown device is refused and waits; approve lets it in; remove takes its key away")
    func approval() async throws {
        let registry = try DeviceRegistry(path: try Self.directory() + "/devices.json", displays: Self.profiles())
        #expect(try registry.setup(Self.stranger, telemetry: Self.seen, fromLocalNetwork: true) == .notAllowed)
        #expect(registry.pendingDevices().map(\.device) == [Self.stranger])
        #expect(registry.registrations().isEmpty)

        #expect(throws: DeviceRegistryError.notTRMNL("hall")) { try registry.approve(Self.stranger, display: "hall") }
        #expect(throws: DeviceRegistryError.unknownDisplay("attic", known: ["kitchen", "hall"])) {
            try registry.approve(Self.stranger, display: "attic")
        }
        let approved = try registry.approve(Self.stranger, display: nil)
        #expect(approved.display == "kitchen")
        #expect(registry.pendingDevices().isEmpty)
        #expect(try registry.setup(Self.stranger, telemetry: Self.seen, fromLocalNetwork: false) == .registered(approved))

        try registry.remove(Self.stranger)
        #expect(registry.authenticate(device: Self.stranger, apiKey: approved.apiKey) == nil)
        #expect(throws: DeviceRegistryError.unknownDevice(Self.stranger)) { try registry.remove(Self.stranger) }
    }

    @Test("auto_register accepts devices from the local network only")
    func autoRegister() async throws {
        let registry = try DeviceRegistry(path: try Self.directory() + "/devices.json", displays: Self.profiles(autoRegister: true))
        #expect(try registry.setup(Self.stranger, telemetry: Self.seen, fromLocalNetwork: false) == .notAllowed)
        guard case .registered(let registration) = try registry.setup(Self.stranger, telemetry: Self.seen, fromLocalNetwork: true) else {
            Issue.record("a local device was refused")
            return
        }
        #expect(registration.display == "kitchen")
    }

    @Test("at most 32 devices wait; the least recently seen goes first")
    func pendingBound() async throws {
        let registry = try DeviceRegistry(path: try Self.directory() + "/devices.json", displays: Self.profiles())
        for index in 0..<40 {
            let device = DeviceID(String(format: "02:00:00:00:00:%02X", index))!
            let telemetry = DeviceTelemetry(lastSeen: Date(timeIntervalSince1970: 1_800_000_000 + Double(index)))
            _ = try registry.setup(device, telemetry: telemetry, fromLocalNetwork: false)
        }
        let pending = registry.pendingDevices()
        #expect(pending.count == DeviceRegistry.pendingLimit)
        #expect(pending.first?.device == DeviceID("02:00:00:00:00:27"))
        #expect(pending.last?.device == DeviceID("02:00:00:00:00:08"))
    }

    @Test("a registry file that is not JSON stops the start with a message that says what to do")
    func corruptFile() throws {
        let path = try Self.directory() + "/devices.json"
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try DeviceRegistry(path: path, displays: Self.profiles())
        } throws: { error in
            "\(error)".contains("move it aside")
        }
    }

    @Test("a registry file with ISO 8601 dates as earlier hubs wrote them loads; dates are written the same way")
    func iso8601Dates() throws {
        let path = try Self.directory() + "/devices.json"
        let now = Date(timeIntervalSince1970: 1_795_162_500.7)
        let key = String(repeating: "a1", count: 16)
        let earlier = """
            {"devices":[{"api_key":"\(key)","approved":"2026-11-20T08:15:00Z","device":"AA:BB:CC:DD:EE:01",\
            "display":"kitchen","friendly_id":"K7Q2MX"}],"image_tokens":{}}
            """
        try Data(earlier.utf8).write(to: URL(fileURLWithPath: path))
        let registry = try DeviceRegistry(path: path, displays: Self.profiles(), now: { now })
        let registration = try #require(registry.authenticate(device: Self.kitchen, apiKey: key))
        #expect(registration.approved == Date(timeIntervalSince1970: 1_795_162_500))
        try registry.remove(Self.kitchen)
        _ = try registry.setup(Self.kitchen, telemetry: Self.seen, fromLocalNetwork: false)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#""approved" : "2026-11-20T08:15:00Z""#))

        try Data(earlier.replacingOccurrences(of: "2026-11-20T08:15:00Z", with: "2026-11-20").utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try DeviceRegistry(path: path, displays: Self.profiles())
        } throws: { error in
            "\(error)".contains("move it aside")
        }
    }

    @Test("devices of a display no longer configured are forgotten")
    func removedDisplay() async throws {
        let path = try Self.directory() + "/devices.json"
        let registry = try DeviceRegistry(path: path, displays: Self.profiles())
        guard case .registered(let registration) = try registry.setup(Self.kitchen, telemetry: Self.seen, fromLocalNetwork: false) else {
            Issue.record("a listed device is registered at setup")
            return
        }
        let reopened = try DeviceRegistry(path: path, displays: [Self.profiles()[1]])
        #expect(reopened.registrations().isEmpty)
        #expect(reopened.authenticate(device: Self.kitchen, apiKey: registration.apiKey) == nil, "its key no longer opens anything")
    }
}
