import Testing
@testable import Sensors

@Suite("Values per field")
struct FieldValuesTests {
    @Test("values are set, replaced and removed per field and iterate in field order")
    func setAndIterate() {
        var values: FieldValues = [.batteryLevel: 90, .temperature: 21.5]
        values[.humidity] = 40
        values[.temperature] = 22
        values[.batteryLevel] = nil
        #expect(values.map(\.field) == [.temperature, .humidity])
        #expect(values.map(\.value) == [22, 40])
        #expect(values.count == 2)
        #expect(values[.batteryLevel] == nil)
        #expect(!values.isEmpty)
        #expect(FieldValues().isEmpty)
    }

    @Test("equal when the same fields hold the same values, however they were set")
    func equality() {
        var removed: FieldValues = [.temperature: 20, .pressure: 1013]
        removed[.pressure] = nil
        #expect(removed == [.temperature: 20])
        let twenty: FieldValues = [.temperature: 20]
        #expect(twenty != [.temperature: 20.1])
        #expect(FieldValues() != [.temperature: 0])
    }

    @Test("the field order (ordinal) is the declaration order, which reports and `<` follow")
    func ordinals() {
        #expect(SensorField.allCases.enumerated().allSatisfy { $0.offset == $0.element.ordinal })
        #expect(SensorField.allCases.sorted() == SensorField.allCases)
        #expect(FieldMask(rawValue: 0b101).fields == [.temperature, .humidity])
    }
}
