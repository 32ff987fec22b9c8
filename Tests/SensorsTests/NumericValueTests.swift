import Testing
@testable import Sensors

@Suite("Numbers in payloads")
struct NumericValueTests {
    @Test("C-locale numbers in strings are accepted", arguments: ["21.5", " 21.5\n", "-3", "+4.25", "1e3", ".5"])
    func accepted(_ text: String) {
        guard case .number = NumericValue.read(text: text, key: "t") else {
            Issue.record("\(text) refused")
            return
        }
    }

    @Test("locale-formatted numbers are refused as such", arguments: ["21,5", "-3,1", "1.013,25", "1 013,2", "1'013"])
    func localeFormatted(_ text: String) {
        #expect(NumericValue.read(text: text, key: "t").code == .localeFormattedNumber)
    }

    @Test("text, units and non-finite words are refused with their own reasons")
    func refused() {
        #expect(NumericValue.read(text: "error", key: "t").code == .notANumber)
        #expect(NumericValue.read(text: "21.5 °C", key: "t").code == .notANumber)
        #expect(NumericValue.read(text: "nan", key: "t").code == .nonFiniteNumber)
        #expect(NumericValue.read(text: "-Infinity", key: "t").code == .nonFiniteNumber)
        #expect(NumericValue.read(.bool(true), key: "t").code == .notANumber)
        #expect(NumericValue.read(.null, key: "t") == .absent)
    }

    @Test("flags read booleans, 0/1 and the words devices use")
    func flags() {
        #expect(NumericValue.readFlag(.bool(true), key: "b") == .number(1))
        #expect(NumericValue.readFlag(.string("LOW"), key: "b") == .number(1))
        #expect(NumericValue.readFlag(.string("OK"), key: "b") == .number(0))
        #expect(NumericValue.readFlag(.number(2), key: "b").code == .notANumber)
    }
}

extension NumericValue {
    /// The rejection code, when the value was refused.
    var code: RejectionReason.Code? {
        if case .rejected(let reason) = self { return reason.code }
        return nil
    }
}
