import Foundation
import Testing
@testable import Sensors

/// Every record of the shared fixture corpus, checked against its `expect` object.
@Suite("Fixture corpus (examples.jsonl)")
struct FixtureDecodingTests {
    static let records: [FixtureRecord] = (try? FixtureRecord.loadAll()) ?? []

    @Test("the corpus is bundled and complete")
    func corpusLoads() throws {
        let records = try FixtureRecord.loadAll()
        #expect(records.count >= 40)
    }

    @Test("each record decodes to what it expects", arguments: records)
    func decodesAsExpected(_ record: FixtureRecord) throws {
        let arrival = record.receivedAt ?? TestMessages.now
        let interpretation = TestMessages.interpret(record.topic, bytes: record.payload, retained: record.retained, at: arrival)
        let expect = record.expect

        if expect["reject"] == .bool(true) {
            #expect(TestMessages.rejection(interpretation) != nil, "expected a rejection, got \(interpretation)")
            return
        }
        if expect["ignore"] == .bool(true) {
            guard case .ignored = interpretation else {
                Issue.record("expected the message to be ignored, got \(interpretation)")
                return
            }
            return
        }
        if case .string(let state)? = expect["availability"] {
            guard case .availability(let announcement) = interpretation else {
                Issue.record("expected availability, got \(interpretation)")
                return
            }
            #expect(announcement.state.rawValue == state)
            if case .string(let source)? = expect["source_id"] { #expect(announcement.source.rawValue == source) }
            return
        }

        let readings = TestMessages.readings(interpretation)
        try #require(readings.count == 1, "expected one reading, got \(interpretation)")
        let reading = readings[0]
        if case .string(let sensor)? = expect["sensor"] { #expect(reading.sensor.rawValue == sensor) }
        if expect["no_measurements"] == .bool(true) {
            #expect(reading.values.isEmpty)
            return
        }
        try checkValues(reading, expect: expect)
        try checkTime(reading, expect: expect)
        if expect["age_unknown"] == .bool(true) { #expect(reading.ageUnknown) }
        if expect["unit_assumed"] == .bool(true) { #expect(!reading.unitAssumed.isEmpty) }
        if expect["suspect"] == .bool(true) { #expect(!reading.suspects.isEmpty) }
        if case .array(let keys)? = expect["reject_fields"] {
            for case .string(let key) in keys {
                #expect(reading.rejections.contains { $0.key == key }, "expected \(key) to be refused")
            }
        }
    }

    /// Every expected SI value within ±0.05, and no measurement the record does not list.
    private func checkValues(_ reading: SensorReading, expect: [String: FixtureJSON]) throws {
        for field in SensorField.allCases {
            switch expect[field.key] {
            case .number(let expected)?:
                let actual = try #require(reading.values[field], "\(field.key) missing")
                #expect(abs(actual - expected) <= 0.05, "\(field.key): \(actual) ≠ \(expected)")
            case .bool(let expected)?:
                #expect(reading.values[field] == (expected ? 1 : 0), "\(field.key)")
            case .null?:
                #expect(reading.values[field] == nil, "\(field.key) should be unknown")
            default:
                if field.isMeasurement {
                    #expect(reading.values[field] == nil, "\(field.key) invented: \(reading.values[field] ?? .nan)")
                }
            }
        }
    }

    private func checkTime(_ reading: SensorReading, expect: [String: FixtureJSON]) throws {
        switch expect["observed_at"] {
        case .null?:
            #expect(reading.timeSource == .arrival)
        case .string(let text)? where text.hasSuffix("Z"):
            #expect(reading.timeSource == .payload)
            #expect(abs(reading.observedAt.timeIntervalSince(TestMessages.date(text))) < 0.001, "observed_at")
        case .string?:
            // A free-text expectation: a zone-less local time, read as such and said so.
            #expect(reading.timeSource == .payload)
            #expect(reading.timeNote?.description.contains("no zone") == true)
        default:
            break
        }
    }
}
