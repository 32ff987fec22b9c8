import Foundation
import Testing
@testable import Sensors

@Suite("Validation: a bad reading never reaches the panel")
struct ValidationTests {
    @Test("out-of-range values are refused field by field; the rest is kept")
    func outOfRange() throws {
        let reading = try #require(
            TestMessages.reading("zigbee2mqtt/a", #"{"temperature":21.5,"humidity":140,"pressure":1013}"#))
        #expect(reading.values == [.temperature: 21.5, .pressure: 1013])
        #expect(reading.rejections.map(\.key) == ["humidity"])
        #expect(reading.rejections.first?.reason.code == .outOfRange)
    }

    @Test("storm-level but physical wind is kept")
    func stormWind() throws {
        let reading = try #require(TestMessages.reading("socket", #"{"sensor":"mast","wind_avg_m_s":27.5,"wind_max_m_s":37.4}"#))
        #expect(reading.values[.windGust] == 37.4)
    }

    @Test("known sentinels are refused with their cause", arguments: [
        (#"{"sensor":"s","temperature_C":-127}"#, "DS18B20"),
        (#"{"sensor":"s","temperature_C":999}"#, "HTU21D"),
        (#"{"sensor":"s","temperature_C":327.67}"#, "16-bit"),
        (#"{"sensor":"s","humidity_pct":255}"#, "8-bit"),
    ])
    func sentinels(_ payload: String, _ cause: String) throws {
        let reason = try #require(TestMessages.rejection(TestMessages.interpret("socket", payload)))
        #expect(reason.code == .sentinelValue)
        #expect(reason.detail.contains(cause))
    }

    @Test("plausible sentinels and cross-field contradictions are kept but flagged")
    func suspects() throws {
        let reading = try #require(
            TestMessages.reading("socket", #"{"sensor":"s","temperature_C":85.0,"wind_avg_m_s":5,"wind_max_m_s":3}"#))
        #expect(reading.values[.temperature] == 85)
        #expect(Set(reading.suspects.map(\.field)) == [.temperature, .windGust])
    }

    @Test("a payload time in the future gives way to the arrival time")
    func futureTime() throws {
        let reading = try #require(
            TestMessages.reading("socket", #"{"sensor":"s","temperature_C":20,"time":"2025-06-14T12:00:00Z"}"#))
        #expect(reading.timeSource == .arrival)
        #expect(reading.observedAt == TestMessages.now)
        #expect(reading.rejections.map(\.reason.code) == [.timestampInFuture])
        #expect(reading.values[.temperature] == 20)
    }

    @Test("a payload time before 2000 (clock never set) gives way to the arrival time")
    func unsetClock() throws {
        let reading = try #require(
            TestMessages.reading("tele/t/SENSOR", #"{"Time":"1970-01-01T00:05:00","AM2301":{"Temperature":20,"Humidity":40},"TempUnit":"C"}"#))
        #expect(reading.timeSource == .arrival)
    }

    @Test("a retained message without a timestamp has an unknown age; with an old one it is stale")
    func retained() throws {
        let unknown = try #require(TestMessages.reading("zigbee2mqtt/a", #"{"temperature":20}"#, retained: true))
        #expect(unknown.ageUnknown)
        let old = try #require(
            TestMessages.reading("zigbee2mqtt/a", #"{"temperature":20,"last_seen":"2025-06-13T10:00:00Z"}"#, retained: true))
        #expect(!old.ageUnknown)
        #expect(old.timeSource == .payload)
        let latest = LatestValue(
            value: 20, observedAt: old.observedAt, arrivedAt: old.arrivedAt, timeSource: .payload, ageUnknown: false, suspect: nil,
            unitAssumed: false)
        #expect(!latest.isCurrent(at: TestMessages.now, staleAfter: .seconds(1800)))
    }

    @Test("oversized payloads are refused before parsing")
    func oversized() {
        let settings = TestMessages.settings(limits: IntakeLimits(maxPayloadBytes: 64))
        let payload = #"{"sensor":"s","temperature_C":20,"pad":""# + String(repeating: "x", count: 100) + #""}"#
        #expect(TestMessages.rejection(TestMessages.interpret("socket", payload, settings: settings))?.code == .oversizedPayload)
    }

    @Test("deep JSON is refused")
    func deep() {
        let payload = String(repeating: #"{"a":"#, count: 40) + "1" + String(repeating: "}", count: 40)
        #expect(TestMessages.rejection(TestMessages.interpret("zigbee2mqtt/a", payload))?.code == .tooDeep)
    }

    @Test("non-UTF-8 payloads are refused, inside JSON strings or as text")
    func invalidUTF8() {
        #expect(TestMessages.rejection(TestMessages.interpret("node/sensor/temperature/state", bytes: [0x32, 0x31, 0xFF]))?.code == .invalidUTF8)
        let json = Array(#"{"sensor":""#.utf8) + [0xC0, 0xAF] + Array(#"","temperature_C":1}"#.utf8)
        #expect(TestMessages.rejection(TestMessages.interpret("socket", bytes: json))?.code == .invalidUTF8)
    }

    @Test("hostile topics are refused and charged to one counter", arguments: [
        "zigbee2mqtt/\u{1B}[2Jevil", "zigbee2mqtt/a\u{202E}b", "zigbee2mqtt/+", String(repeating: "a/", count: 200), "x\u{0}y",
    ])
    func hostileTopics(_ topic: String) {
        let result = TestMessages.interpret(topic, #"{"temperature":20}"#)
        guard case .rejected(let source, let reason) = result else {
            Issue.record("expected a rejection, got \(result)")
            return
        }
        #expect(source == MessageInterpreter.invalidTopicSource)
        #expect(reason.code == .hostileTopic)
    }

    @Test("hostile identities from payloads are refused")
    func hostileIdentity() {
        #expect(
            TestMessages.rejection(TestMessages.interpret("socket", #"{"sensor":"a\u001b[31mred","temperature_C":20}"#))?.code
                == .hostileIdentity)
    }

    @Test("an empty payload is refused, not read as zero")
    func empty() {
        #expect(TestMessages.rejection(TestMessages.interpret("home/attic/temperature", ""))?.code == .emptyPayload)
    }
}
