import Testing
@testable import WeatherInfoKit

/// The WMO codes Open-Meteo documents, as the conditions, icons and words the panel uses.
@Suite("WMO weather codes")
struct WMOConditionTests {
    @Test("every documented code maps to a condition of its kind, with day and night icons")
    func everyCode() throws {
        let groups: [Int: WeatherCondition.Group] = [
            0: .clear, 1: .clouds, 2: .clouds, 3: .clouds, 45: .atmosphere, 48: .atmosphere, 51: .drizzle, 53: .drizzle, 55: .drizzle,
            56: .rain, 57: .rain, 61: .rain, 63: .rain, 65: .rain, 66: .rain, 67: .rain, 71: .snow, 73: .snow, 75: .snow, 77: .snow,
            80: .rain, 81: .rain, 82: .rain, 85: .snow, 86: .snow, 95: .thunderstorm, 96: .thunderstorm, 99: .thunderstorm,
        ]
        #expect(WMOCondition.documentedCodes == groups.keys.sorted())
        for (code, group) in groups {
            let day = try #require(WMOCondition.condition(code: code, isDaytime: true, language: nil))
            let night = try #require(WMOCondition.condition(code: code, isDaytime: false, language: nil))
            #expect(day.group == group, "code \(code)")
            #expect(day.iconCode.hasSuffix("d") && night.iconCode.hasSuffix("n"))
            #expect(day.isDaytime && !night.isDaytime)
            #expect(day.id == night.id && day.description == night.description)
        }
    }

    @Test("heavier weather weighs more, so it becomes a day's condition")
    func severity() throws {
        let order = [99, 95, 75, 82, 65, 63, 61, 55, 45, 3, 1, 0]
        let severities = try order.map { try #require(WMOCondition.condition(code: $0, isDaytime: true, language: nil)).severity }
        #expect(severities == severities.sorted(by: >))
        let freezing = try #require(WMOCondition.condition(code: 66, isDaytime: true, language: nil))
        let rain = try #require(WMOCondition.condition(code: 65, isDaytime: true, language: nil))
        #expect(freezing.severity > rain.severity)
    }

    @Test("a code Open-Meteo does not document, or none, gives no condition rather than a wrong one", arguments: [nil, 4, 17, 50, 100, -1])
    func unknownCodes(code: Int?) {
        #expect(WMOCondition.condition(code: code, isDaytime: true, language: "de") == nil)
    }

    @Test("descriptions follow the language setting, in English otherwise", arguments: [
        ("en", "moderate rain"), ("de", "mäßiger Regen"), ("fr", "pluie modérée"), ("es", "lluvia moderada"), ("it", "pioggia moderata"),
        ("nl", "matige regen"), ("pl", "umiarkowany deszcz"), ("sv", "måttligt regn"), ("se", "måttligt regn"), ("DE", "mäßiger Regen"),
        ("pt_br", "moderate rain"), ("zh_cn", "moderate rain"),
    ])
    func language(language: String, expected: String) {
        #expect(WMOCondition.condition(code: 63, isDaytime: true, language: language)?.description == expected)
        #expect(WMOCondition.condition(code: 63, isDaytime: true, language: nil)?.description == "moderate rain")
    }

    @Test("every documented code has short words in every language")
    func completeTable() {
        for code in WMOCondition.documentedCodes {
            let words = WMODescription.languages.compactMap { WMODescription.text(for: code, language: $0) }
            #expect(words.count == WMODescription.languages.count, "code \(code)")
            #expect(words.allSatisfy { !$0.isEmpty && $0.count <= 40 }, "code \(code)")
        }
    }
}
