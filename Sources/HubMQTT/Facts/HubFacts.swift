#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Sensors
import WeatherInfoKit
import WeatherWidgets

/// What the hub tells the broker about itself at one moment: the values the panel shows as "now", the
/// provider's calls, the panel's refreshes, what is wrong, the city and the forecast day. Equal facts
/// give equal payloads, so unchanged facts are never published again.
struct HubFacts: Sendable, Equatable {
    /// A merged outdoor value with the source that won and the observation's age when the hub first saw
    /// it (fixed, so an unchanged observation never changes the payload).
    struct Measurement: Sendable, Equatable {
        var value: Double
        /// The outdoor sensor's display name, or the provider's name.
        var source: String
        var fromSensor: Bool
        var observedAt: Date
        var ageSeconds: Int
    }

    struct Condition: Sendable, Equatable {
        /// In the provider's words and the panel's language ("light rain").
        var text: String
        /// OpenWeatherMap's condition code (WMO codes are translated to it).
        var code: Int
        var observedAt: Date
    }

    /// The three-hour pressure tendency, and when the newest pressure in it was measured.
    struct Trend: Sendable, Equatable {
        var trend: PressureTrend
        var observedAt: Date?
    }

    struct ProviderCalls: Sendable, Equatable {
        var provider: WeatherProvider
        var callsToday: Int
        var dailyLimit: Int
    }

    struct Panel: Sendable, Equatable {
        var lastRefresh: Date?
        var refreshesSinceFull: Int
    }

    /// `.temperature`, `.humidity` and `.pressure`, when the provider or the outdoor sensor has them.
    var outdoor: [SensorField: Measurement]
    var condition: Condition?
    var pressureTrend: Trend?
    var providerCalls: [ProviderCalls]
    /// The wired panel's refreshes; nil with `panel: none`.
    var panel: Panel?
    /// Why the panel may be wrong (a provider fault, a panel failure, stale data), in words; empty
    /// when all is well.
    var problems: [String]
    /// The city shown, as `Location.displayName` writes it.
    var city: String
    var forecastDay: Int

    /// The outdoor fields the hub publishes.
    static let outdoorFields: [SensorField] = [.temperature, .humidity, .pressure]
}
