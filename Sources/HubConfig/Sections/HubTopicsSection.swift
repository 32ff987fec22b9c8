import Sensors

/// The hub's own topics inside `mqtt:` — `hub_topics`, `base_topic` and `home_assistant:` (discovery
/// prefix, node id, `expire_after`). Home Assistant needs the hub's topics and an availability topic.
enum HubTopicsSection {
    static func read(_ section: ConfigMapping, availabilityTopic: String?) -> HubMQTTSettings {
        let defaults = HubMQTTSettings()
        let homeAssistantSection = section.section("home_assistant")
        let homeAssistantEnabled = homeAssistantSection.bool("enabled", default: false)
        let homeAssistant = readHomeAssistant(homeAssistantSection)
        let enabled = section.bool("hub_topics", default: homeAssistantEnabled)
        let baseTopic = topic(section, "base_topic", default: defaults.baseTopic)
        if homeAssistantEnabled, !enabled {
            section.diagnostics.report(
                section.keyPath("hub_topics"), at: section.node("hub_topics"),
                "Home Assistant's entities read the hub's topics", suggestion: "remove `hub_topics: false`, or disable `home_assistant`")
        }
        if homeAssistantEnabled, availabilityTopic == nil {
            section.diagnostics.report(
                section.keyPath("availability_topic"), at: section.node("availability_topic"),
                "Home Assistant shows the hub unavailable through the availability topic (the last will)",
                suggestion: "keep the default `availability_topic: weatherhub/status`, or disable `home_assistant`")
        }
        return HubMQTTSettings(isEnabled: enabled, baseTopic: baseTopic, homeAssistant: homeAssistantEnabled ? homeAssistant : nil)
    }

    private static func readHomeAssistant(_ section: ConfigMapping) -> HomeAssistantSettings {
        let defaults = HomeAssistantSettings()
        let settings = HomeAssistantSettings(
            discoveryPrefix: topic(section, "discovery_prefix", default: defaults.discoveryPrefix),
            nodeID: section.scalar("node_id", default: defaults.nodeID, expected: "1 to 64 letters, digits, - or _") { text in
                !text.isEmpty && text.count <= 64 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
                    ? text : nil
            },
            expireAfter: expireAfter(section, default: defaults.expireAfter))
        section.finish()
        return settings
    }

    /// `expire_after`: 15 minutes (longer than any provider's fetch interval) to a week; `0` never expires.
    private static func expireAfter(_ section: ConfigMapping, default fallback: Duration?) -> Duration? {
        let duration = section.scalar(
            "expire_after", default: fallback ?? .zero, expected: "0 (never) or a duration from 15m to 7d, like 1h"
        ) { text in
            DurationText.parse(text).flatMap { $0 == .zero || (.seconds(900) ... .seconds(7 * 86_400)).contains($0) ? $0 : nil }
        }
        return duration == .zero ? nil : duration
    }

    /// Weather entities are published again at the latest when the outdoor sensor's value would turn
    /// stale; expiring before that shows current values as unavailable.
    static func checkExpiry(_ settings: HubMQTTSettings, sensors: SensorSettings, at section: ConfigMapping) {
        guard let expireAfter = settings.homeAssistant?.expireAfter,
            let outdoor = sensors.profiles.first(where: { $0.role == .outdoor })
        else { return }
        let staleAfter = outdoor.staleAfter ?? sensors.defaultStaleAfter
        guard expireAfter <= staleAfter else { return }
        let homeAssistant = section.section("home_assistant")
        homeAssistant.diagnostics.report(
            homeAssistant.keyPath("expire_after"), at: homeAssistant.node("expire_after") ?? homeAssistant.node,
            "is not longer than the outdoor sensor's stale_after (\(DurationText.format(staleAfter))): its current values would show as unavailable",
            suggestion: "make it longer, e.g. `expire_after: \(DurationText.format(staleAfter * 2))`")
    }

    /// A topic the hub publishes under: levels of printable text without wildcards, no empty level, not
    /// a `$` system topic.
    private static func topic(_ section: ConfigMapping, _ key: String, default fallback: String) -> String {
        section.scalar(key, default: fallback, expected: "a topic like weatherhub (no + or #, no empty level, not starting with $)") { text in
            let levels = text.split(separator: "/", omittingEmptySubsequences: false)
            let valid = !text.isEmpty && text.utf8.count <= 128 && !text.hasPrefix("$")
                && levels.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
                && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && $0 != "+" && $0 != "#" }
            return valid ? text : nil
        }
    }
}
