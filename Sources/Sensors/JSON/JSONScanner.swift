import HubSystem

/// A small strict JSON reader for sensor payloads.
///
/// Unlike `JSONSerialization` it caps nesting depth before recursing, reports keys repeated with
/// different values, names the non-finite literals (`NaN`, `Infinity`) some bridges emit, keeps a
/// number too large for a double as its text, and checks every string is valid UTF-8 — the cases a
/// sensor hub must refuse field by field.
struct JSONScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    private var position = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// Parses one JSON value filling the whole buffer (surrounding whitespace allowed).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) throws(JSONScanError) -> ScannedJSONValue {
        var scanner = JSONScanner(bytes: bytes, maxDepth: maxDepth)
        scanner.skipWhitespace()
        let value = try scanner.parseValue(depth: 0)
        scanner.skipWhitespace()
        guard scanner.position == bytes.count else {
            throw JSONScanError(kind: .trailingData, offset: scanner.position)
        }
        return value
    }

    /// Parses one JSON value from an array of bytes.
    static func parse(_ bytes: [UInt8], maxDepth: Int) throws(JSONScanError) -> ScannedJSONValue {
        let result: Result<ScannedJSONValue, JSONScanError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(JSONScanError) {
                return .success(try parse(buffer, maxDepth: maxDepth))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws(JSONScanError) -> ScannedJSONValue {
        guard let byte = peek() else { throw error(.truncated) }
        switch byte {
        case UInt8(ascii: "{"): return .object(try parseObject(depth: depth + 1))
        case UInt8(ascii: "["): return .array(try parseArray(depth: depth + 1))
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"):
            if let literal = nonFiniteLiteral() { throw error(.nonFiniteLiteral(literal)) }
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        default:
            if let literal = nonFiniteLiteral() { throw error(.nonFiniteLiteral(literal)) }
            throw error(.unexpectedByte(byte))
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONScanError) -> JSONObject {
        guard depth <= maxDepth else { throw error(.tooDeep(limit: maxDepth)) }
        position += 1
        var object = JSONObject()
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            return object
        }
        while true {
            skipWhitespace()
            guard let quote = peek() else { throw error(.truncated) }
            guard quote == UInt8(ascii: "\"") else { throw error(.unexpectedByte(quote)) }
            let key = try parseString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            let value = try parseValue(depth: depth)
            object.append(key: key, value: value)
            skipWhitespace()
            guard let next = peek() else { throw error(.truncated) }
            position += 1
            if next == UInt8(ascii: "}") { return object }
            guard next == UInt8(ascii: ",") else {
                position -= 1
                throw error(.unexpectedByte(next))
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONScanError) -> [ScannedJSONValue] {
        guard depth <= maxDepth else { throw error(.tooDeep(limit: maxDepth)) }
        position += 1
        var elements: [ScannedJSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard let next = peek() else { throw error(.truncated) }
            position += 1
            if next == UInt8(ascii: "]") { return elements }
            guard next == UInt8(ascii: ",") else {
                position -= 1
                throw error(.unexpectedByte(next))
            }
        }
    }

    // MARK: Strings

    private mutating func parseString() throws(JSONScanError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes. ASCII (all bytes below 0x80) needs no UTF-8 validation.
        var combined: UInt8 = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<position])
                let text = combined < 0x80 ? String(decoding: raw, as: UTF8.self) : String(validating: raw, as: UTF8.self)
                guard let text else { throw JSONScanError(kind: .invalidUTF8, offset: start) }
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error(.controlCharacterInString) }
            combined |= byte
            position += 1
        }
        guard position < bytes.count else { throw error(.truncated) }
        var decoded = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: decoded, as: UTF8.self) else {
                    throw JSONScanError(kind: .invalidUTF8, offset: start)
                }
                position += 1
                return text
            case UInt8(ascii: "\\"):
                try parseEscape(into: &decoded)
            case 0..<0x20:
                throw error(.controlCharacterInString)
            default:
                decoded.append(byte)
                position += 1
            }
        }
        throw error(.truncated)
    }

    private mutating func parseEscape(into decoded: inout [UInt8]) throws(JSONScanError) {
        position += 1
        guard let byte = peek() else { throw error(.truncated) }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalarValue = UInt32(try parseHex4())
            if (0xD800...0xDBFF).contains(scalarValue) {
                guard matches("\\u") else { throw error(.invalidEscape) }
                position += 2
                let low = UInt32(try parseHex4())
                guard (0xDC00...0xDFFF).contains(low) else { throw error(.invalidEscape) }
                scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { throw error(.invalidEscape) }
            decoded.append(contentsOf: String(Character(scalar)).utf8)
        default:
            position -= 1
            throw error(.invalidEscape)
        }
    }

    private mutating func parseHex4() throws(JSONScanError) -> UInt16 {
        guard position + 4 <= bytes.count else { throw error(.truncated) }
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let digit = bytes[position].hexDigitValue else { throw error(.invalidEscape) }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    // MARK: Numbers

    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// A number, or `tooLargeNumber` with its text when it does not fit a double (`1e400`).
    private mutating func parseNumber() throws(JSONScanError) -> ScannedJSONValue {
        let start = position
        var negative = false
        if peek() == UInt8(ascii: "-") {
            if let literal = nonFiniteLiteral() { throw error(.nonFiniteLiteral(literal)) }
            negative = true
            position += 1
        }
        var mantissa: UInt64 = 0
        var exponent = 0
        var exact = true
        guard let first = peek(), isDigit(first) else { throw errorAtCurrent() }
        if first == UInt8(ascii: "0") {
            position += 1
        } else {
            while let byte = peek(), isDigit(byte) {
                accumulate(byte, into: &mantissa, exponent: &exponent, exact: &exact, fractional: false)
                position += 1
            }
        }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard let byte = peek(), isDigit(byte) else { throw errorAtCurrent() }
            while let byte = peek(), isDigit(byte) {
                accumulate(byte, into: &mantissa, exponent: &exponent, exact: &exact, fractional: true)
                position += 1
            }
        }
        if let marker = peek(), marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            position += 1
            var exponentNegative = false
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentNegative = sign == UInt8(ascii: "-")
                position += 1
            }
            guard let byte = peek(), isDigit(byte) else { throw errorAtCurrent() }
            var written = 0
            while let byte = peek(), isDigit(byte) {
                if written < 100_000 { written = written * 10 + Int(byte - UInt8(ascii: "0")) }
                position += 1
            }
            exponent += exponentNegative ? -written : written
        }
        var value: Double
        if exact, mantissa <= 1 << 53, abs(exponent) <= 22 {
            // Both operands are exact doubles, so one IEEE operation rounds correctly.
            let power = JSONScanner.exactPowersOfTen[abs(exponent)]
            value = exponent < 0 ? Double(mantissa) / power : Double(mantissa) * power
            if negative { value = -value }
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            guard let parsed = Double(text) else { throw JSONScanError(kind: .unexpectedByte(bytes[start]), offset: start) }
            value = parsed
        }
        guard value.isFinite else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(position, start + 24)]), as: UTF8.self)
            return .tooLargeNumber(position - start > 24 ? text + "…" : text)
        }
        return .number(value)
    }

    private func accumulate(_ digit: UInt8, into mantissa: inout UInt64, exponent: inout Int, exact: inout Bool, fractional: Bool) {
        if mantissa < 100_000_000_000_000_000 {
            mantissa = mantissa * 10 + UInt64(digit - UInt8(ascii: "0"))
            if fractional { exponent -= 1 }
        } else {
            exact = false
            if !fractional { exponent += 1 }
        }
    }

    // MARK: Helpers

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): position += 1
            default: return
            }
        }
    }

    private func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[position + offset] != pointer[offset] { return false }
        return true
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONScanError) {
        guard matches(literal) else {
            let available = bytes.count - position
            if available < literal.utf8CodeUnitCount,
                zip(bytes[position...], UnsafeBufferPointer(start: literal.utf8Start, count: available)).allSatisfy({ $0 == $1 })
            {
                throw JSONScanError(kind: .truncated, offset: bytes.count)
            }
            throw errorAtCurrent()
        }
        position += literal.utf8CodeUnitCount
    }

    private mutating func expect(_ byte: UInt8) throws(JSONScanError) {
        guard let actual = peek() else { throw error(.truncated) }
        guard actual == byte else { throw error(.unexpectedByte(actual)) }
        position += 1
    }

    /// The non-finite literal some encoders write where a number belongs (`NaN`, `-Infinity`, `inf`…)
    /// starting at the current position, if there is one.
    private func nonFiniteLiteral() -> String? {
        var end = position
        if end < bytes.count, bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") { end += 1 }
        let lettersStart = end
        while end < bytes.count, end - lettersStart < 9,
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end] | 0x20)
        {
            end += 1
        }
        let letters = String(decoding: UnsafeBufferPointer(rebasing: bytes[lettersStart..<end]), as: UTF8.self)
        guard ["nan", "inf", "infinity"].contains(letters.lowercased()) else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
    }

    private func errorAtCurrent() -> JSONScanError {
        guard let byte = peek() else { return JSONScanError(kind: .truncated, offset: position) }
        return JSONScanError(kind: .unexpectedByte(byte), offset: position)
    }

    private func error(_ kind: JSONScanError.Kind) -> JSONScanError {
        JSONScanError(kind: kind, offset: position)
    }
}
