/// Why a payload is not acceptable JSON, with the byte offset where the scanner gave up.
struct JSONScanError: Error, Equatable {
    enum Kind: Equatable {
        case truncated
        case unexpectedByte(UInt8)
        case nonFiniteLiteral(String)
        case tooDeep(limit: Int)
        case invalidUTF8
        case invalidEscape
        case controlCharacterInString
        case trailingData
    }

    let kind: Kind
    let offset: Int

    /// The rejection this error causes, in words a user can act on.
    var reason: RejectionReason {
        switch kind {
        case .truncated:
            RejectionReason(.malformedPayload, "malformed JSON: the payload ends early (truncated or unterminated)")
        case .unexpectedByte(let byte):
            RejectionReason(.malformedPayload, "malformed JSON: unexpected \(describe(byte)) at byte \(offset)")
        case .nonFiniteLiteral(let literal):
            RejectionReason(
                .nonFiniteNumber, "\(literal) at byte \(offset) is not JSON: the sender writes non-finite numbers")
        case .tooDeep(let limit):
            RejectionReason(.tooDeep, "JSON nested deeper than \(limit) levels")
        case .invalidUTF8:
            RejectionReason(.invalidUTF8, "a string at byte \(offset) is not valid UTF-8")
        case .invalidEscape:
            RejectionReason(.malformedPayload, "malformed JSON: invalid escape at byte \(offset)")
        case .controlCharacterInString:
            RejectionReason(.malformedPayload, "malformed JSON: raw control character in a string at byte \(offset)")
        case .trailingData:
            RejectionReason(.malformedPayload, "malformed JSON: extra data after the value at byte \(offset)")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    }
}
