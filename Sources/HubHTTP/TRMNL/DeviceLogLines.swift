#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem

/// The lines of a `/api/log` body: each entry of TRMNL's `logs` (firmware 1.5.10 on) or `log.logs_array`
/// (earlier) as one line of compact JSON; any other body, JSON or not, as its text.
enum DeviceLogLines {
    static func lines(in body: [UInt8]) -> [String] {
        guard !body.isEmpty else { return [] }
        if case .object(let root)? = try? JSONDecoder().decode(JSONValue.self, from: Data(body)) {
            if case .array(let entries)? = root["logs"] { return entries.map(compact) }
            if case .object(let log)? = root["log"], case .array(let entries)? = log["logs_array"] { return entries.map(compact) }
        }
        return String(decoding: body, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
    }

    private static func compact(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
