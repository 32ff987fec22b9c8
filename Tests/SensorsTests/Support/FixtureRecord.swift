import Foundation
import Testing

/// One line of `Fixtures/examples.jsonl` (format in `Fixtures/FORMATS.md`).
struct FixtureRecord: CustomTestStringConvertible, Sendable {
    let line: Int
    let format: String
    let topic: String
    let payload: [UInt8]
    let retained: Bool
    let receivedAt: Date?
    let expect: [String: FixtureJSON]

    var testDescription: String { "line \(line) (\(format)) \(topic)" }

    /// Every record, in file order.
    static func loadAll() throws -> [FixtureRecord] {
        guard let url = Bundle.module.url(forResource: "examples", withExtension: "jsonl", subdirectory: "Fixtures") else {
            throw FixtureError("Fixtures/examples.jsonl is not in the test bundle")
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        var records: [FixtureRecord] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            let raw = try JSONDecoder().decode(RawRecord.self, from: Data(line.utf8))
            var payload = Array(raw.payload.utf8)
            if raw.payload_encoding == "base64" {
                guard let data = Data(base64Encoded: raw.payload) else { throw FixtureError("line \(index + 1): bad base64") }
                payload = Array(data)
            }
            if let file = raw.payload_file {
                guard let fileURL = Bundle.module.url(forResource: file, withExtension: nil, subdirectory: "Fixtures") else {
                    throw FixtureError("line \(index + 1): \(file) is not in the test bundle")
                }
                payload = Array(try Data(contentsOf: fileURL))
            }
            records.append(
                FixtureRecord(
                    line: index + 1, format: raw.format, topic: raw.topic, payload: payload, retained: raw.retained ?? false,
                    receivedAt: raw.received_at.flatMap { ISO8601DateFormatter().date(from: $0) }, expect: raw.expect))
        }
        return records
    }

    private struct RawRecord: Decodable {
        let format: String
        let topic: String
        let payload: String
        let expect: [String: FixtureJSON]
        let retained: Bool?
        let received_at: String?
        let payload_encoding: String?
        let payload_file: String?
    }
}

/// A JSON value of an expectation, decoded strictly (a number is never read as a boolean).
enum FixtureJSON: Decodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([FixtureJSON])
    case object([String: FixtureJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let list = try? container.decode([FixtureJSON].self) {
            self = .array(list)
        } else {
            self = .object(try container.decode([String: FixtureJSON].self))
        }
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
