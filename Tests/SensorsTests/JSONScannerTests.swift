import Testing
@testable import Sensors

@Suite("JSON scanner")
struct JSONScannerTests {
    private func parse(_ text: String, maxDepth: Int = 16) throws(JSONScanError) -> ScannedJSONValue {
        try JSONScanner.parse(Array(text.utf8), maxDepth: maxDepth)
    }

    private func kind(_ text: String, maxDepth: Int = 16) -> JSONScanError.Kind? {
        do {
            _ = try parse(text, maxDepth: maxDepth)
            return nil
        } catch {
            return error.kind
        }
    }

    @Test("reads objects, arrays, strings with escapes, numbers and literals")
    func readsValidJSON() throws {
        let value = try parse(#" {"a": [1, -2.5e1, 0.125, true, false, null], "s": "x\"\u00e9\ud83d\ude00\n"} "#)
        let object = try #require(value.objectValue)
        #expect(object["a"] == .array([.number(1), .number(-25), .number(0.125), .bool(true), .bool(false), .null]))
        #expect(object["s"] == .string("x\"é😀\n"))
    }

    @Test("decimal numbers read exactly as Swift reads them", arguments: ["22.2", "1749891420.565178", "-3.1", "0.255", "12.954", "1e-7", "123456789012345678901234"])
    func numbersMatchSwift(_ text: String) throws {
        #expect(try parse(text) == .number(Double(text)!))
    }

    @Test("a truncated payload is reported as truncated", arguments: [#"{"a":1"#, #"{"a":"#, #"{"a":"x"#, "[1,", #"{"a":tr"#])
    func truncated(_ text: String) {
        #expect(kind(text) == .truncated)
    }

    @Test("NaN and Infinity are refused by name", arguments: ["NaN", "-Infinity", "Infinity", "nan", "inf"])
    func nonFinite(_ literal: String) {
        guard case .nonFiniteLiteral(let name)? = kind(#"{"t": \#(literal)}"#) else {
            Issue.record("expected a non-finite literal error")
            return
        }
        #expect(name == literal)
    }

    @Test("a number too large for a double is kept as its text, so only its field is refused")
    func hugeNumber() throws {
        #expect(try parse("1e400") == .tooLargeNumber("1e400"))
        #expect(try parse("[-" + String(repeating: "9", count: 400) + "]") == .array([.tooLargeNumber("-" + String(repeating: "9", count: 23) + "…")]))
        #expect(kind(#"{"a":1e400,"b":2}"#) == nil)
    }

    @Test("nesting deeper than the limit is refused before recursing further")
    func depthLimit() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(kind(deep, maxDepth: 16) == .tooDeep(limit: 16))
        #expect(kind(String(repeating: "[", count: 16) + String(repeating: "]", count: 16), maxDepth: 16) == nil)
        #expect(kind(String(repeating: "[", count: 17) + String(repeating: "]", count: 17), maxDepth: 16) == .tooDeep(limit: 16))
    }

    @Test("strings must be valid UTF-8")
    func invalidUTF8() throws {
        var bytes = Array(#"{"a":"x"#.utf8)
        bytes += [0xC3, 0x28]
        bytes += Array(#""}"#.utf8)
        #expect(throws: JSONScanError.self) { try JSONScanner.parse(bytes, maxDepth: 4) }
        do {
            _ = try JSONScanner.parse(bytes, maxDepth: 4)
        } catch {
            #expect(error.kind == .invalidUTF8)
        }
    }

    @Test("a lone surrogate escape is refused")
    func loneSurrogate() {
        #expect(kind(#"["\ud800x"]"#) == .invalidEscape)
    }

    @Test("raw control characters in strings and trailing data are refused")
    func strictness() {
        #expect(kind("[\"a\u{01}\"]") == .controlCharacterInString)
        #expect(kind(#"{"a":1}{"b":2}"#) == .trailingData)
        #expect(kind(#"{'a':1}"#) == .unexpectedByte(UInt8(ascii: "'")))
        #expect(kind("01") == .trailingData)
    }

    @Test("a key repeated with the same value is kept once; with another value it is a conflict")
    func duplicateKeys() throws {
        let same = try #require(try parse(#"{"t":1,"t":1.0}"#).objectValue)
        #expect(same.members.count == 1)
        #expect(!same.isConflicting("t"))
        let conflict = try #require(try parse(#"{"t":1,"h":2,"t":3}"#).objectValue)
        #expect(conflict.isConflicting("t"))
        #expect(!conflict.isConflicting("h"))
        #expect(conflict["t"] == .number(1))
    }

    @Test("duplicate detection stays correct past the indexed size")
    func manyKeys() throws {
        let members = (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let object = try #require(try parse("{\(members),\"k39\":0}").objectValue)
        #expect(object.members.count == 40)
        #expect(object.isConflicting("k39"))
        #expect(object["k20"] == .number(20))
    }
}
