import Foundation
import HubSystem

/// What a Home Assistant release shows for an MQTT `sensor` or `binary_sensor` entity, given its
/// discovery config and one state payload: a small model of Home Assistant's own code, written from the
/// wheels of each release on PyPI (`homeassistant-<tag>-py3-none-any.whl`, the same files as the tags of
/// `home-assistant/core`). docs/home-assistant.md lists the releases read and the facts with their files.
/// Only what the hub sends is modelled: a config that needs more (another template) fails the test.
enum HomeAssistantStateRules {
    /// A Home Assistant release, by its year and month (`2024.10`).
    struct Release: Comparable, CustomStringConvertible {
        var year: Int
        var month: Int

        static func < (lhs: Release, rhs: Release) -> Bool {
            (lhs.year, lhs.month) < (rhs.year, rhs.month)
        }

        var description: String { "\(year).\(month)" }
    }

    /// The releases whose source was read: the oldest the hub used to claim (2023.7), the newest for
    /// Python 3.11 (2024.3.3), the last without `options` (2024.8.0), the first with it (2024.9.0, and
    /// its last patch 2024.9.3), the first mapping "None" to unknown for every sensor (2024.10.0), and
    /// one that reads everything right (2025.4.0).
    static let checked: [Release] = [
        Release(year: 2023, month: 7), Release(year: 2024, month: 3), Release(year: 2024, month: 8),
        Release(year: 2024, month: 9), Release(year: 2024, month: 10), Release(year: 2025, month: 4),
    ]

    /// MQTT sensors keep `options` since 2024.9: `CONF_OPTIONS` joined `_PLATFORM_SCHEMA_BASE` in
    /// `homeassistant/components/mqtt/sensor.py` (absent at 2024.8.0, present at 2024.9.0). Before, the
    /// discovery schema (`_PLATFORM_SCHEMA_BASE.extend({}, extra=vol.REMOVE_EXTRA)`) drops the key silently.
    static let sensorOptionsSince = Release(year: 2024, month: 9)
    /// Every MQTT sensor maps a rendered `"None"` (`PAYLOAD_NONE`, `mqtt/const.py`) to unknown since
    /// 2024.10 (`_update_state`, `mqtt/sensor.py` at 2024.10.0: the check comes first). Up to 2024.9.3
    /// only the numeric branch did; text and enum sensors took the text "None".
    static let noneForEverySensorSince = Release(year: 2024, month: 10)

    /// What the entity shows after the message.
    enum Shown: Equatable, CustomStringConvertible {
        /// Home Assistant's `unknown`: the native value is `None`.
        case unknown
        /// This text as the state.
        case value(String)
        /// The message is ignored; the entity keeps what it showed (unknown only if it never had a value).
        case unchanged

        var description: String {
            switch self {
            case .unknown: "unknown"
            case .value(let text): "\"\(text)\""
            case .unchanged: "unchanged"
            }
        }
    }

    /// What `release` shows, and whether it logs a warning (such as "Invalid state message").
    struct Outcome: Equatable {
        var shown: Shown
        var warns: Bool = false
    }

    /// The device classes `homeassistant/components/sensor/const.py` lists as `NON_NUMERIC_DEVICE_CLASSES`
    /// (the same set at every release checked).
    static let nonNumericDeviceClasses: Set<String> = ["date", "enum", "timestamp"]

    /// The options `release` keeps from a sensor's discovery config.
    static func effectiveOptions(_ config: [String: JSONValue], release: Release) -> [String]? {
        guard release >= sensorOptionsSince, case .array(let options)? = config["options"] else { return nil }
        return options.compactMap { if case .string(let option) = $0 { option } else { nil } }
    }

    /// A `sensor`'s state after `payload`, following `MqttSensor._update_state` in
    /// `homeassistant/components/mqtt/sensor.py` and `SensorEntity._numeric_state_expected` in
    /// `homeassistant/components/sensor/__init__.py`.
    static func sensor(_ config: [String: JSONValue], payload: [UInt8], release: Release) throws -> Outcome {
        let rendered = try render(config, payload: payload)
        if release >= noneForEverySensorSince, rendered == "None" { return Outcome(shown: .unknown) }
        let deviceClass = string(config["device_class"])
        let numericExpected = !nonNumericDeviceClasses.contains(deviceClass ?? "")
            && (config["state_class"] != nil || config["unit_of_measurement"] != nil
                || config["suggested_display_precision"] != nil || deviceClass != nil)
        if numericExpected {
            // "Ignore empty state"; "None" sets `None` in this branch at every release checked.
            if rendered.isEmpty { return Outcome(shown: .unchanged) }
            return Outcome(shown: rendered == "None" ? .unknown : .value(rendered))
        }
        // "Ignoring invalid option received on topic" (2024.9 and later).
        if let options = effectiveOptions(config, release: release), !options.contains(rendered) {
            return Outcome(shown: .unchanged, warns: true)
        }
        if deviceClass == nil || deviceClass == "enum" { return Outcome(shown: .value(rendered)) }
        // `timestamp`: `dt_util.parse_datetime`, else "Invalid state message" and `None`.
        guard ISO8601DateFormatter().date(from: rendered) != nil else { return Outcome(shown: .unknown, warns: true) }
        return Outcome(shown: .value(rendered))
    }

    /// A `binary_sensor`'s state after `payload`, following `MqttBinarySensor` in
    /// `homeassistant/components/mqtt/binary_sensor.py`: `payload_on`, `payload_off`, `"None"` unknown
    /// (at every release checked), anything else "No matching payload found" and ignored.
    static func binarySensor(_ config: [String: JSONValue], payload: [UInt8], release _: Release) throws -> Outcome {
        let rendered = try render(config, payload: payload)
        switch rendered {
        case string(config["payload_on"]) ?? "ON": return Outcome(shown: .value("on"))
        case string(config["payload_off"]) ?? "OFF": return Outcome(shown: .value("off"))
        case "None": return Outcome(shown: .unknown)
        default: return Outcome(shown: .unchanged, warns: true)
        }
    }

    /// The text the config's `value_template` renders for `payload`, as
    /// `Template.async_render_with_possible_json_value` in `homeassistant/helpers/template.py` does:
    /// `value_json` is the payload parsed as JSON, if it parses; Jinja renders `None` as "None", Python
    /// numbers and booleans with `str()`, an undefined value as ""; the result is stripped.
    static func render(_ config: [String: JSONValue], payload: [UInt8]) throws -> String {
        guard let template = string(config["value_template"]) else { return String(decoding: payload, as: UTF8.self) }
        guard template == "{{ value_json.value }}" else { throw UnmodelledTemplate(template: template) }
        guard case .object(let document)? = try? JSONDecoder().decode(JSONValue.self, from: Data(payload)),
            let value = document["value"]
        else { return "" }
        let text: String = switch value {
        case .null: "None"
        case .bool(let flag): flag ? "True" : "False"
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .string(let text): text
        case .array, .object: throw UnmodelledTemplate(template: template)
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct UnmodelledTemplate: Error {
        var template: String
    }

    private static func string(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value { text } else { nil }
    }
}
