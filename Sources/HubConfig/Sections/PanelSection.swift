import EPaper
import InkUI
import Yams

/// `panel:` — the panel model, its wiring and SPI link, keys, rotation and refresh budget. Every key
/// starts from the model's built-in profile (`PanelProfile.builtIn`), so only differences need writing.
enum PanelSection {
    /// Whether the file says `panel: none`: no wired panel, only networked displays.
    static func isNone(_ root: ConfigMapping) -> Bool {
        guard case .scalar(let scalar)? = root.node("panel") else { return false }
        return scalar.string == "none"
    }

    static func read(_ root: ConfigMapping) -> PanelProfile {
        let section = root.section("panel")
        let model = section.choice("model", default: PanelModel.simulated)
        var profile = PanelProfile.builtIn(model)
        profile.rotation = section.scalar("rotation", default: profile.rotation, expected: "0, 90, 180 or 270") {
            Int($0).flatMap(PanelRotation.init(rawValue:))
        }
        if section.contains("spi") { profile.spi = readSPI(section.section("spi"), default: profile.spi) }
        if section.contains("gpio") { profile.wiring = readWiring(section.section("gpio"), default: profile.wiring) }
        if section.contains("keys") { profile.keys = readKeys(section.section("keys"), default: profile.keys) }
        if section.contains("refresh") { profile.refresh = readRefresh(section.section("refresh"), default: profile.refresh) }
        if section.contains("simulated") { profile.simulated = readSimulated(section.section("simulated"), default: profile.simulated) }
        profile.busyTimeout = section.duration("busy_timeout", default: profile.busyTimeout, in: .seconds(1) ... .seconds(600))
        profile.tracePath = absolutePath(section, "trace")
        profile.consumer = section.string("consumer", default: profile.consumer)
        if section.contains("partial_waveform") { profile.hostPartialWaveform = readPartialWaveform(section, for: profile) }
        if model != .simulated, section.contains("simulated") {
            section.diagnostics.report(section.keyPath("simulated"), at: section.node("simulated"),
                                       "applies only to `model: simulated`", suggestion: "remove it, or set `model: simulated`")
        }
        section.finish()
        return profile
    }

    /// `partial_waveform`: the 153 bytes of register 0x32 that give the 2.9" V2 partial refresh, written as
    /// a list of numbers (`0x40` or `64`), as the LUT tables in panel drivers are.
    private static func readPartialWaveform(_ section: ConfigMapping, for profile: PanelProfile) -> [UInt8]? {
        let key = section.keyPath("partial_waveform")
        let nodes = section.list("partial_waveform")
        guard profile.takesHostPartialWaveform else {
            section.diagnostics.report(key, at: section.node("partial_waveform"), "the \(profile.name) panel takes no partial waveform",
                                       suggestion: "remove it; only waveshare-2in9-v2 needs one (its OTP has none)")
            return nil
        }
        var bytes: [UInt8] = []
        for (index, node) in nodes.enumerated() {
            guard case .scalar(let scalar) = node, let byte = parseByte(scalar.string) else {
                section.diagnostics.report("\(key)[\(index + 1)]", at: node, "expected a byte (0 to 255, or 0x00 to 0xFF)")
                return nil
            }
            bytes.append(byte)
        }
        let length = PanelProfile.hostPartialWaveformLength
        guard bytes.count == length else {
            let hint = bytes.count == length + 6
                ? "Waveshare's 159-byte table ends with 6 bytes for registers 0x3F, 0x03, 0x04 and 0x2C: drop them"
                : "copy the whole partial LUT for register 0x32 of your panel's driver"
            section.diagnostics.report(key, at: section.node("partial_waveform"), "expected \(length) bytes, found \(bytes.count)", suggestion: hint)
            return nil
        }
        return bytes
    }

    private static func parseByte(_ text: String) -> UInt8? {
        let lowercased = text.lowercased()
        let hex = lowercased.hasPrefix("0x")
        let digits = hex ? lowercased.dropFirst(2) : Substring(lowercased)
        let isDigit: (Character) -> Bool = hex ? { $0.isHexDigit } : { $0.isASCII && $0.isWholeNumber }
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return nil }
        return UInt8(digits, radix: hex ? 16 : 10)
    }

    private static func readSPI(_ section: ConfigMapping, default spi: SPISettings) -> SPISettings {
        let settings = SPISettings(
            device: section.string("device", default: spi.device),
            speedHz: UInt32(section.int("speed_hz", default: Int(spi.speedHz), in: 100_000...32_000_000)))
        section.finish()
        return settings
    }

    private static func readWiring(_ section: ConfigMapping, default wiring: PanelWiring) -> PanelWiring {
        let settings = PanelWiring(
            chip: section.string("chip", default: wiring.chip),
            reset: line(section, "reset", default: wiring.reset),
            dataCommand: line(section, "data_command", default: wiring.dataCommand),
            busy: line(section, "busy", default: wiring.busy),
            power: section.contains("power") ? optionalLine(section, "power") : wiring.power)
        section.finish()
        return settings
    }

    private static func line(_ section: ConfigMapping, _ key: String, default line: UInt32) -> UInt32 {
        UInt32(section.int(key, default: Int(line), in: 0...511))
    }

    /// A line that a board may not have: `none` (or empty) for none.
    private static func optionalLine(_ section: ConfigMapping, _ key: String) -> UInt32? {
        section.scalar(key, default: nil, expected: "a GPIO line number from 0 to 511, or none") { text in
            if ConfigMapping.isEmpty(text) || text.lowercased() == "none" { return .some(nil) }
            return Int(text).flatMap { (0...511).contains($0) ? .some(UInt32($0)) : nil }
        }
    }

    private static func readKeys(_ section: ConfigMapping, default keys: PanelKeySettings?) -> PanelKeySettings? {
        let base = keys ?? PanelKeySettings(keys: [])
        var lines = base.keys
        if section.contains("lines") {
            lines = section.list("lines").enumerated().map { index, node in
                let item = ConfigMapping(path: section.keyPath("lines") + "[\(index + 1)]", node: node, diagnostics: section.diagnostics)
                let key = PanelKey(name: item.string("name", default: "KEY\(index + 1)"), line: line(item, "line", default: 0))
                if !item.contains("line") { item.diagnostics.report(item.keyPath("line"), at: node, "every key needs its GPIO `line`", suggestion: "e.g. `line: 5`") }
                item.finish()
                return key
            }
        }
        let settings = PanelKeySettings(
            chip: section.string("chip", default: base.chip), keys: lines,
            activeLow: section.bool("active_low", default: base.activeLow),
            debounce: section.duration("debounce", default: base.debounce, in: .zero ... .seconds(1)))
        section.finish()
        return lines.isEmpty ? nil : settings
    }

    private static func readRefresh(_ section: ConfigMapping, default refresh: RefreshPolicy.Settings) -> RefreshPolicy.Settings {
        let quietHours = section.scalar("quiet_hours", default: refresh.quietHours, expected: "a span like 23:00-06:30 (24-hour clock)") { text in
            ConfigMapping.isEmpty(text) || text.lowercased() == "none" ? .some(nil) : QuietHours(text).map { .some($0) }
        }
        let settings = RefreshPolicy.Settings(
            minimumInterval: section.duration("minimum_interval", default: refresh.minimumInterval, in: .zero ... .seconds(86_400)),
            maximumUpdatesBetweenFulls: section.int("max_updates_between_fulls", default: refresh.maximumUpdatesBetweenFulls, in: 0...1000),
            maximumFullInterval: section.duration("max_full_interval", default: refresh.maximumFullInterval, in: .seconds(60) ... .seconds(7 * 86_400)),
            quietHours: quietHours,
            fastRefresh: section.bool("fast_refresh", default: refresh.fastRefresh),
            retryInterval: section.duration("retry_interval", default: refresh.retryInterval, in: .seconds(1) ... .seconds(86_400)))
        section.finish()
        return settings
    }

    private static func readSimulated(_ section: ConfigMapping, default simulated: SimulatedPanelSettings) -> SimulatedPanelSettings {
        let settings = SimulatedPanelSettings(
            size: PixelSize(
                width: section.int("width", default: simulated.size.width, in: 8...4096),
                height: section.int("height", default: simulated.size.height, in: 8...4096)),
            capability: section.choice("colors", default: simulated.capability),
            features: PanelFeatures(
                fastRefresh: section.bool("fast_refresh", default: simulated.features.fastRefresh),
                partialRefresh: section.bool("partial_refresh", default: simulated.features.partialRefresh)),
            historyLimit: section.int("history", default: simulated.historyLimit, in: 0...10_000))
        section.finish()
        return settings
    }
}
