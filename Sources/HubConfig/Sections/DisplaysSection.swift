import EPaper
import HubDisplays
import InkUI
import InkWidgets
import Yams

/// `displays:` — the e-ink screens the hub renders for over the network, each with its own size, depth,
/// rotation, wake-up bounds and widget layout (the wired panel's grammar).
///
/// ```yaml
/// displays:
///   - id: kitchen
///     kind: trmnl             # or `image` for ESPHome, a Kindle or a browser
///     width: 800
///     height: 480
///     depth: 1                # 2: four greys (TRMNL firmware 1.8 and later)
///     rotation: 0
///     devices: ["AA:BB:CC:DD:EE:FF"]
///     auto_register: false
///     wake: { minimum: 5m, maximum: 1h }
///     layout:
///       - kind: weather
///         family: extraLarge
/// ```
enum DisplaysSection {
    static func read(_ root: ConfigMapping, catalog: [WidgetDescription]) -> [NetworkDisplayProfile] {
        let key = "displays"
        var profiles: [NetworkDisplayProfile] = []
        var seenDevices: [DeviceID: String] = [:]
        for (index, node) in root.list(key).enumerated() {
            let item = ConfigMapping(path: "\(root.keyPath(key))[\(index + 1)]", node: node, diagnostics: root.diagnostics)
            guard let profile = readDisplay(item, catalog: catalog) else { continue }
            if profiles.contains(where: { $0.id == profile.id }) {
                item.diagnostics.report(item.keyPath("id"), at: item.node, "display `\(profile.id)` is defined twice", suggestion: "give each display its own `id`")
            }
            for device in profile.devices {
                if let other = seenDevices[device] {
                    item.diagnostics.report(item.keyPath("devices"), at: item.node, "device \(device) is already listed by display `\(other)`",
                                            suggestion: "a device shows one display")
                }
                seenDevices[device] = profile.id
            }
            profiles.append(profile)
        }
        return profiles
    }

    private static func readDisplay(_ item: ConfigMapping, catalog: [WidgetDescription]) -> NetworkDisplayProfile? {
        let id = item.string("id", default: "")
        if !NetworkDisplayProfile.isValidID(id) {
            item.diagnostics.report(item.keyPath("id"), at: item.node, id.isEmpty ? "every display needs an `id`" : "`\(id)` cannot name a display",
                                    suggestion: "up to 32 lowercase letters, digits, `-` and `_`, e.g. `id: kitchen`")
        }
        let kind = item.choice("kind", default: NetworkDisplayProfile.Kind.trmnl)
        let size = PixelSize(width: item.int("width", default: 800, in: 16...4096), height: item.int("height", default: 480, in: 16...4096))
        let capability: ColorCapability = item.scalar("depth", default: .monochrome, expected: "1 or 2 (bits per pixel)") {
            switch $0 {
            case "1": .monochrome
            case "2": .grayscale4
            default: nil
            }
        }
        let rotation = item.scalar("rotation", default: PanelRotation.none, expected: "0, 90, 180 or 270") {
            Int($0).flatMap(PanelRotation.init(rawValue:))
        }
        let devices = readDevices(item)
        if kind == .image, !devices.isEmpty {
            item.diagnostics.report(item.keyPath("devices"), at: item.node("devices"), "image displays take no devices",
                                    suggestion: "use `kind: trmnl` for TRMNL devices")
        }
        let autoRegister = item.bool("auto_register", default: false)
        let wake = item.contains("wake") ? readWake(item.section("wake")) : WakeBounds()
        let frameSize = PanelOrientation(nativeSize: size, rotation: rotation).logicalSize
        let profile = NetworkDisplayProfile(
            id: id, kind: kind, nativeSize: size, rotation: rotation, capability: capability,
            layout: LayoutSection.read(item, panelSize: frameSize, catalog: catalog, idPrefix: "\(id)."),
            wake: wake, devices: devices, autoRegister: autoRegister)
        item.finish()
        return NetworkDisplayProfile.isValidID(id) ? profile : nil
    }

    private static func readDevices(_ item: ConfigMapping) -> [DeviceID] {
        var devices: [DeviceID] = []
        for (index, node) in item.list("devices").enumerated() {
            guard case .scalar(let scalar) = node, let device = DeviceID(scalar.string) else {
                item.diagnostics.report("\(item.keyPath("devices"))[\(index + 1)]", at: node, "expected a MAC address",
                                        suggestion: "e.g. \"AA:BB:CC:DD:EE:FF\", as `weatherctl displays` lists waiting devices")
                continue
            }
            devices.append(device)
        }
        return devices
    }

    private static func readWake(_ section: ConfigMapping) -> WakeBounds {
        let defaults = WakeBounds()
        let minimum = section.duration("minimum", default: defaults.minimum, in: .seconds(60) ... .seconds(86_400))
        let maximum = section.duration("maximum", default: defaults.maximum, in: .seconds(60) ... .seconds(86_400))
        if maximum < minimum {
            section.diagnostics.report(section.keyPath("maximum"), at: section.node("maximum"), "is shorter than `minimum`",
                                       suggestion: "e.g. `minimum: 5m` and `maximum: 1h`")
        }
        section.finish()
        return WakeBounds(minimum: minimum, maximum: max(minimum, maximum))
    }
}
