/// A payload read once, for every decoder: JSON when it starts like an object, array or string, text
/// otherwise. A UTF-8 byte order mark is dropped first (Windows tools write one before JSON).
enum PayloadBody: Sendable {
    case json(ScannedJSONValue)
    case text(String)

    /// Reads a payload, or says why it cannot be read at all.
    static func read(_ payload: [UInt8], maxJSONDepth: Int) -> Result<PayloadBody, RejectionReason> {
        var start = 0
        if payload.count >= 3, payload[0] == 0xEF, payload[1] == 0xBB, payload[2] == 0xBF { start = 3 }
        var firstSignificant = start
        while firstSignificant < payload.count, [0x20, 0x09, 0x0A, 0x0D].contains(payload[firstSignificant]) {
            firstSignificant += 1
        }
        guard firstSignificant < payload.count else {
            return .failure(
                RejectionReason(
                    .emptyPayload,
                    "empty payload (on a retained topic this deletes the retained message; it is not a value)"))
        }
        // A JSON string at top level is how statestream encodes attributes (`"°C"`).
        if [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\"")].contains(payload[firstSignificant]) {
            let parsed: Result<ScannedJSONValue, JSONScanError> = payload.withUnsafeBufferPointer { buffer in
                let body = UnsafeBufferPointer(rebasing: buffer[start...])
                do throws(JSONScanError) {
                    return .success(try JSONScanner.parse(body, maxDepth: maxJSONDepth))
                } catch {
                    return .failure(error)
                }
            }
            switch parsed {
            case .success(let value): return .success(.json(value))
            case .failure(let error): return .failure(error.reason)
            }
        }
        guard let text = String(validating: payload[start...], as: UTF8.self) else {
            return .failure(RejectionReason(.invalidUTF8, "the payload is not valid UTF-8 text"))
        }
        return .success(.text(text.trimmingASCIIWhitespace()))
    }

    /// The top-level object, when the payload is one.
    var object: JSONObject? {
        if case .json(.object(let object)) = self { return object }
        return nil
    }

    /// The payload as a scalar text: a text payload, or a JSON string or number.
    var scalarText: String? {
        switch self {
        case .text(let text): text
        case .json(.string(let text)): text
        case .json(.number(let number)): String(number)
        default: nil
        }
    }
}
