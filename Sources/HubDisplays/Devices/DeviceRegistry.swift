#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import HubSystem
import Synchronization

/// The devices allowed to show displays, their keys and the displays' image tokens, kept in one file
/// (mode 0600, written atomically) in the state directory; and, in memory, what each device last said
/// and the devices waiting for approval (at most `pendingLimit`, the least recently seen dropped first).
/// Every call is synchronous under one lock: a request reads it without a hop to another executor.
public final class DeviceRegistry: Sendable {
    /// How many unknown devices are remembered for `weatherctl displays approve`.
    public static let pendingLimit = 32

    /// What `/api/setup` answers.
    public enum SetupAnswer: Sendable, Hashable {
        case registered(DeviceRegistration)
        /// Unknown and not allowed: the firmware's "not found". The device is listed as pending.
        case notAllowed
    }

    fileprivate struct Stored: Codable {
        var devices: [DeviceRegistration] = []
        var imageTokens: [String: String] = [:]

        enum CodingKeys: String, CodingKey {
            case devices, imageTokens = "image_tokens"
        }
    }

    /// What changes, under the lock.
    private struct State {
        var stored: Stored
        var pending: [DeviceID: PendingDevice] = [:]
        var telemetry: [DeviceID: DeviceTelemetry] = [:]
    }

    private let path: String
    private let displays: [NetworkDisplayProfile]
    private let now: @Sendable () -> Date
    private let state: Mutex<State>

    /// Loads the registry, forgets devices of displays no longer configured, and gives every display an
    /// image token.
    ///
    /// - Throws: `DeviceRegistryError.unreadable` for a file that cannot be read or parsed.
    public init(path: String, displays: [NetworkDisplayProfile], now: @escaping @Sendable () -> Date = Date.init) throws {
        self.path = path
        self.displays = displays
        self.now = now
        let contents: Data?
        do {
            contents = try AtomicFile.read(path)
        } catch {
            throw DeviceRegistryError.unreadable(path: path, reason: "\(error)")
        }
        var stored = Stored()
        if let contents {
            do {
                stored = try JSONDecoder.registry.decode(Stored.self, from: contents)
            } catch {
                throw DeviceRegistryError.unreadable(path: path, reason: "\(error)")
            }
        }
        let known = Set(displays.map(\.id))
        let before = stored
        stored.devices.removeAll { !known.contains($0.display) }
        stored.imageTokens = stored.imageTokens.filter { known.contains($0.key) }
        for display in displays where stored.imageTokens[display.id] == nil {
            stored.imageTokens[display.id] = AccessToken.make()
        }
        self.state = Mutex(State(stored: stored))
        if contents == nil || before.devices != stored.devices || before.imageTokens != stored.imageTokens {
            try Self.save(stored, to: path)
        }
    }

    // MARK: Device API

    /// TRMNL's `/api/setup`: a registered device gets its key again; a device listed in its display's
    /// `devices:` or arriving while a display has `auto_register` (and `fromLocalNetwork`) is registered;
    /// any other is listed as pending and refused.
    public func setup(_ device: DeviceID, telemetry: DeviceTelemetry, fromLocalNetwork: Bool) throws(DeviceRegistryError) -> SetupAnswer {
        try state.withLock { (state: inout State) throws(DeviceRegistryError) -> SetupAnswer in
            if let registration = state.stored.registration(of: device) {
                state.telemetry[device] = telemetry
                return .registered(registration)
            }
            let trmnl = displays.filter { $0.kind == .trmnl }
            let display = trmnl.first { $0.devices.contains(device) }
                ?? (fromLocalNetwork ? trmnl.first { $0.autoRegister } : nil)
            guard let display else {
                Self.remember(device, telemetry: telemetry, in: &state)
                return .notAllowed
            }
            let registration = try register(device, on: display.id, in: &state)
            state.telemetry[device] = telemetry
            return .registered(registration)
        }
    }

    /// The registration whose device sent this key; nil for a missing, unknown or wrong one. With no
    /// `ID`, the key alone is looked up.
    public func authenticate(device: DeviceID?, apiKey: String?) -> DeviceRegistration? {
        guard let apiKey, !apiKey.isEmpty else { return nil }
        let devices = state.withLock { $0.stored.devices }
        let candidates = device.map { id in devices.filter { $0.device == id } } ?? devices
        var found: DeviceRegistration?
        for candidate in candidates where AccessToken.matches(apiKey, candidate.apiKey) { found = candidate }
        return found
    }

    /// Keeps what a device said on a request.
    public func note(_ telemetry: DeviceTelemetry, for device: DeviceID) {
        state.withLock { $0.telemetry[device] = telemetry }
    }

    /// The telemetry last noted for a device.
    public func telemetry(of device: DeviceID) -> DeviceTelemetry? {
        state.withLock { $0.telemetry[device] }
    }

    // MARK: Images

    /// Whether `token` opens the display's image.
    public func allowsImage(of display: String, token: String?) -> Bool {
        guard let token, let secret = state.withLock({ $0.stored.imageTokens[display] }) else { return false }
        return AccessToken.matches(token, secret)
    }

    /// The display's image token, for `weatherctl displays url` and the image URLs given to devices.
    public func imageToken(of display: String) throws(DeviceRegistryError) -> String {
        guard let token = state.withLock({ $0.stored.imageTokens[display] }) else {
            throw .unknownDisplay(display, known: displays.map(\.id))
        }
        return token
    }

    // MARK: Administration

    /// Every registration, in display then device order.
    public func registrations() -> [DeviceRegistration] {
        state.withLock { $0.stored.devices }.sorted { ($0.display, $0.device) < ($1.display, $1.device) }
    }

    /// The devices waiting for approval, most recently seen first.
    public func pendingDevices() -> [PendingDevice] {
        state.withLock { $0.pending.values }.sorted { $0.telemetry.lastSeen > $1.telemetry.lastSeen }
    }

    /// Allows a device on a TRMNL display (the only one when `display` is nil). The device gets its key
    /// at its next `/api/setup`.
    public func approve(_ device: DeviceID, display: String?) throws(DeviceRegistryError) -> DeviceRegistration {
        let trmnl = displays.filter { $0.kind == .trmnl }.map(\.id)
        let target: String
        if let display {
            guard displays.contains(where: { $0.id == display }) else { throw .unknownDisplay(display, known: displays.map(\.id)) }
            guard trmnl.contains(display) else { throw .notTRMNL(display) }
            target = display
        } else {
            guard trmnl.count == 1 else { throw .displayNeeded(candidates: trmnl) }
            target = trmnl[0]
        }
        return try state.withLock { (state: inout State) throws(DeviceRegistryError) -> DeviceRegistration in
            if let existing = state.stored.registration(of: device), existing.display == target { return existing }
            let registration = try register(device, on: target, in: &state)
            if let waiting = state.pending.removeValue(forKey: device) { state.telemetry[device] = waiting.telemetry }
            return registration
        }
    }

    /// Forgets a device: its key stops working at once, and its next `/api/setup` makes it pending again.
    public func remove(_ device: DeviceID) throws(DeviceRegistryError) {
        try state.withLock { (state: inout State) throws(DeviceRegistryError) in
            let wasPending = state.pending.removeValue(forKey: device) != nil
            guard state.stored.registration(of: device) != nil else {
                if wasPending { return }
                throw .unknownDevice(device)
            }
            var changed = state.stored
            changed.devices.removeAll { $0.device == device }
            try persist(changed, in: &state)
            state.telemetry[device] = nil
        }
    }

    // MARK: Storage

    /// A new key for a device on a display (replacing any it had), written to the file first.
    private func register(_ device: DeviceID, on display: String, in state: inout State) throws(DeviceRegistryError) -> DeviceRegistration {
        // Whole seconds, as the file keeps them.
        let approved = Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down))
        let registration = DeviceRegistration(
            device: device, display: display, apiKey: AccessToken.make(), friendlyID: AccessToken.makeFriendlyID(), approved: approved)
        var changed = state.stored
        changed.devices.removeAll { $0.device == device }
        changed.devices.append(registration)
        try persist(changed, in: &state)
        state.pending[device] = nil
        return registration
    }

    private static func remember(_ device: DeviceID, telemetry: DeviceTelemetry, in state: inout State) {
        if state.pending[device] == nil, state.pending.count >= pendingLimit,
            let stalest = state.pending.values.min(by: { $0.telemetry.lastSeen < $1.telemetry.lastSeen })
        {
            state.pending[stalest.device] = nil
        }
        let firstSeen = state.pending[device]?.firstSeen ?? telemetry.lastSeen
        state.pending[device] = PendingDevice(device: device, firstSeen: firstSeen, telemetry: telemetry)
    }

    /// Writes first and changes memory only once the file holds the change.
    private func persist(_ changed: Stored, in state: inout State) throws(DeviceRegistryError) {
        do {
            try Self.save(changed, to: path)
        } catch {
            throw .unwritable(path: path, reason: "\(error)")
        }
        state.stored = changed
    }

    private static func save(_ stored: Stored, to path: String) throws {
        try AtomicFile.createDirectory(AtomicFile.parentDirectory(of: path), permissions: 0o700)
        try AtomicFile.write(try JSONEncoder.registry.encode(stored), to: path, permissions: 0o600)
    }
}

extension DeviceRegistry.Stored {
    fileprivate func registration(of device: DeviceID) -> DeviceRegistration? {
        devices.first { $0.device == device }
    }
}

/// Why the registry refused.
public enum DeviceRegistryError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case unwritable(path: String, reason: String)
    case unknownDisplay(String, known: [String])
    case notTRMNL(String)
    case displayNeeded(candidates: [String])
    case unknownDevice(DeviceID)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read the display registry \(path): \(reason); move it aside to start with no approved devices"
        case .unwritable(let path, let reason):
            "cannot write the display registry \(path): \(reason); check that the state directory is writable"
        case .unknownDisplay(let id, let known):
            "no display is called `\(id)`" + (known.isEmpty ? "; add one under `displays:`" : "; displays: \(known.joined(separator: ", "))")
        case .notTRMNL(let id):
            "display `\(id)` is an image display; devices are approved only on `kind: trmnl` displays"
        case .displayNeeded(let candidates):
            candidates.isEmpty
                ? "no display takes devices: add one with `kind: trmnl` under `displays:`"
                : "say which display the device shows: --display \(candidates.joined(separator: " or --display "))"
        case .unknownDevice(let device):
            "no device \(device) is approved or waiting; `weatherctl displays` lists them"
        }
    }
}

extension JSONEncoder {
    fileprivate static var registry: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .civilISO8601
        return encoder
    }
}

extension JSONDecoder {
    fileprivate static var registry: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .civilISO8601
        return decoder
    }
}
