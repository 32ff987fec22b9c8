import HubConfig
import HubSystem
import Sensors

/// One sensor's settings as a form on the Sensors page: its name, its role, and whether it is hidden from
/// the panel and the displays. The file's entry for it is
/// the profile that already describes it (an exact identity or a `*` pattern), else a new one keyed by
/// its identity. The outdoor and the indoor sensor are one each: giving the role to another sensor
/// makes the one that had it a room.
struct SensorSettingsForm: Sendable, Equatable {
    var sensor: SensorID
    var name: String
    var role: SensorRole?
    var hidden: Bool

    /// The settings a posted form asks for.
    init(form: WebForm) throws(WebFormRefusal) {
        let identity = form.text("sensor")
        guard !identity.isEmpty, identity.utf8.count <= 256 else { throw WebFormRefusal("No sensor was named; nothing was saved.") }
        let name = form.text("name").trimmedWhitespace
        guard name.count <= 60, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw WebFormRefusal("A sensor's name has at most 60 characters and no control characters; nothing was saved.")
        }
        let roleText = form.text("role")
        guard roleText == "none" || SensorRole(rawValue: roleText) != nil else {
            throw WebFormRefusal("The role must be none, \(SensorRole.allCases.map(\.rawValue).joined(separator: ", ")); nothing was saved.")
        }
        sensor = SensorID(identity)
        self.name = name
        role = SensorRole(rawValue: roleText)
        hidden = form["hidden"] == "on"
    }

    /// The file's changes that give `sensor` this name and role under `settings`' profiles; `heard` are
    /// the sensors the hub knows now (their roles may come from elsewhere, the demo's).
    func changes(in settings: SensorSettings, heard: [SensorSnapshot]) -> [(edit: ConfigEdit, text: String)] {
        let profile = Self.profile(of: sensor, in: settings)
        let key = profile?.match ?? sensor.rawValue
        let shownName = name.isEmpty ? sensor.rawValue : name
        var changes: [(edit: ConfigEdit, text: String)] = []
        if (profile?.displayName ?? "") != name {
            changes.append((ConfigEdit(["sensors", "devices", key, "name"], name.isEmpty ? .removed : .text(name)), "\(sensor.rawValue) named \(shownName)"))
        }
        if (profile?.hidden ?? false) != hidden {
            changes.append((ConfigEdit(["sensors", "devices", key, "hidden"], hidden ? .flag(true) : .removed), "\(shownName) \(hidden ? "hidden from" : "shown on") the panel"))
        }
        guard profile?.role != role else { return changes }
        changes.append((ConfigEdit(["sensors", "devices", key, "role"], role.map { .text($0.rawValue) } ?? .removed), "\(shownName): \(role?.rawValue ?? "no role")"))
        guard let role, role == .outdoor || role == .indoor else { return changes }
        // One outdoor and one indoor sensor: the one that had the role becomes a room. A sensor whose name
        // and role came from elsewhere (the demo's) keeps its name in the entry that now describes it.
        var demoted: Set<String> = [key]
        for other in settings.profiles where other.role == role && demoted.insert(other.match).inserted {
            changes.append((ConfigEdit(["sensors", "devices", other.match, "role"], .text(SensorRole.room.rawValue)), "\(other.displayName ?? other.match): room (one sensor is \(role.rawValue))"))
        }
        for other in heard where other.role == role && Self.profile(of: other.sensor, in: settings) == nil && demoted.insert(other.sensor.rawValue).inserted {
            let entry = ["sensors", "devices", other.sensor.rawValue]
            if other.displayName != other.sensor.rawValue { changes.append((ConfigEdit(entry + ["name"], .text(other.displayName)), "\(other.displayName) keeps its name")) }
            changes.append((ConfigEdit(entry + ["role"], .text(SensorRole.room.rawValue)), "\(other.displayName): room (one sensor is \(role.rawValue))"))
        }
        return changes
    }

    /// The profile that describes `sensor`: its exact identity first, then a `*` pattern.
    private static func profile(of sensor: SensorID, in settings: SensorSettings) -> SensorProfile? {
        settings.profiles.first { $0.match == sensor.rawValue } ?? settings.profiles.first { $0.matches(sensor) }
    }
}
