import Testing
@testable import Sensors

@Suite("Payload keys to fields")
struct FieldKeyTableTests {
    @Test("every key of a table is found with its field, and no other key is")
    func lookups() {
        let keys = (0..<40).map { "key_\($0)" }
        let table = FieldKeyTable(keys.enumerated().map { ($1, SensorField.allCases[$0 % 16], MeasurementUnit.index) })
        for (index, key) in keys.enumerated() {
            #expect(table.entry(for: key)?.field == SensorField.allCases[index % 16], "\(key)")
            #expect(table.entry(for: key)?.rank == index)
        }
        #expect(table.entry(for: "key_40") == nil)
        #expect(table.entry(for: "") == nil)
    }

    @Test("when two keys feed one field, the earlier table entry wins whatever the payload order")
    func earlierEntryWins() throws {
        for payload in [
            #"{"model":"Acurite-5n1","id":1,"temperature_F":50,"temperature_C":20}"#,
            #"{"model":"Acurite-5n1","id":1,"temperature_C":20,"temperature_F":50}"#,
        ] {
            let reading = try #require(TestMessages.reading("rtl_433/pi/events", payload))
            #expect(reading.values[.temperature] == 20)
        }
    }
}
