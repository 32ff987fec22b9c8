import Foundation
@testable import HubMQTT
import MQTTConnection
import Testing

/// Each command topic takes only what docs/home-assistant.md documents for it.
@Suite("Command payloads")
struct HubCommandTests {
    let topics = HubTopics(base: "weatherhub")

    private func parse(_ topic: String, _ payload: [UInt8], retained: Bool = false) throws(HubCommandRefusal) -> HubCommand {
        try HubCommand.parse(MQTTMessage(topic: topic, payload: payload, retained: retained, arrivedAt: Date()), topics: topics)
    }

    @Test("the documented forms", arguments: [
        ("weatherhub/city/set", "Zürich", HubCommand.setCity("Zürich")),
        ("weatherhub/city/set", "Paris, TX, US", .setCity("Paris, TX, US")),
        ("weatherhub/forecast_day/set", "0", .showForecastDay(0)),
        ("weatherhub/forecast_day/set", "4", .showForecastDay(4)),
        ("weatherhub/reload/set", "PRESS", .reload),
    ])
    func accepted(_ topic: String, _ payload: String, _ command: HubCommand) throws {
        #expect(try parse(topic, Array(payload.utf8)) == command)
    }

    @Test("anything else is refused with a reason", arguments: [
        ("weatherhub/forecast_day/set", Array("5".utf8), "from 0 (today) to 4"),
        ("weatherhub/forecast_day/set", Array("-1".utf8), "from 0 (today) to 4"),
        ("weatherhub/forecast_day/set", Array("2.0".utf8), "from 0 (today) to 4"),
        ("weatherhub/forecast_day/set", Array(" 2".utf8), "from 0 (today) to 4"),
        ("weatherhub/forecast_day/set", Array("".utf8), "from 0 (today) to 4"),
        ("weatherhub/forecast_day/set", Array("002".utf8), "from 0 (today) to 4"),
        ("weatherhub/reload/set", Array("press".utf8), "expected PRESS"),
        ("weatherhub/reload/set", Array("".utf8), "expected PRESS"),
        ("weatherhub/city/set", [0x5A, 0xFC, 0x72], "not UTF-8"),
        ("weatherhub/forecast_day/set", [0xC3], "not UTF-8"),
        ("weatherhub/state", Array("1".utf8), "not a command topic"),
    ])
    func refused(_ topic: String, _ payload: [UInt8], _ reason: String) {
        #expect {
            _ = try parse(topic, payload)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    @Test("a retained command is never taken, whatever it says")
    func retained() {
        #expect(throws: HubCommandRefusal.self) { try parse("weatherhub/reload/set", Array("PRESS".utf8), retained: true) }
    }

    @Test("a refusal quotes the payload without its control characters, shortened")
    func quoting() {
        #expect {
            _ = try parse("weatherhub/reload/set", Array(("\u{1B}[2J" + String(repeating: "x", count: 100)).utf8))
        } throws: { error in
            let text = "\(error)"
            return !text.contains("\u{1B}") && text.contains("?[2J") && text.hasSuffix("…\"")
        }
    }
}
