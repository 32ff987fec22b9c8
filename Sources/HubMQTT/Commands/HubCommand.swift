import HubActions
import MQTTConnection

/// A command on one of the hub's topics, taken only in the form that topic documents
/// (docs/home-assistant.md): anything else is refused and changes nothing.
enum HubCommand: Sendable, Equatable {
    /// `<base>/city/set`: a place name as UTF-8 text, exactly what `weatherctl city set NAME` takes.
    case setCity(String)
    /// `<base>/forecast_day/set`: the day to show, `0` (today) to `4`, as `weatherctl open` takes it.
    case showForecastDay(Int)
    /// `<base>/reload/set`: `PRESS`, Home Assistant's button payload.
    case reload

    /// Larger command payloads are refused before they are copied (a city name is at most
    /// `CityChange.maximumNameLength` characters).
    static let maxPayloadBytes = 1024
    /// What the reload topic takes.
    static let reloadPayload = "PRESS"

    /// The command a message carries, or why it is refused.
    static func parse(_ message: MQTTMessage, topics: HubTopics) throws(HubCommandRefusal) -> HubCommand {
        if message.retained {
            throw HubCommandRefusal("a retained command is not taken: commands act once; clear it with an empty retained message")
        }
        guard let text = String(validating: message.payload, as: UTF8.self) else {
            throw HubCommandRefusal("the payload is not UTF-8 text")
        }
        switch message.topic {
        case topics.citySet:
            return .setCity(text)
        case topics.forecastDaySet:
            guard !text.isEmpty, text.utf8.count <= 2, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let day = Int(text), (0...PanelActions.lastDay).contains(day)
            else {
                throw HubCommandRefusal("expected a day from 0 (today) to \(PanelActions.lastDay), not \(shown(text))")
            }
            return .showForecastDay(day)
        case topics.reloadSet:
            guard text == reloadPayload else { throw HubCommandRefusal("expected \(reloadPayload), not \(shown(text))") }
            return .reload
        default:
            throw HubCommandRefusal("not a command topic")
        }
    }

    /// A payload quoted for a log line: short, without control characters.
    private static func shown(_ text: String) -> String {
        let printable = String(String.UnicodeScalarView(text.unicodeScalars.prefix(40).map { $0.properties.generalCategory == .control ? "?" : $0 }))
        return "\"\(printable)\(text.unicodeScalars.count > 40 ? "…" : "")\""
    }
}

/// Why a command message is refused.
struct HubCommandRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
