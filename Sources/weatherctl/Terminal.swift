import Foundation
import HubSystem

/// Where weatherctl writes: answers on standard output, problems and progress on standard error.
enum Terminal {
    static func print(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data(("weatherctl: " + text + "\n").utf8))
    }

    /// A progress line that the next progress line or the final answer replaces on a terminal.
    static func progress(_ text: String) {
        guard isatty(STDERR_FILENO) == 1 else { return }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
    }

    static func endProgress() {
        guard isatty(STDERR_FILENO) == 1 else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    /// Prints `value` as pretty, sorted JSON.
    static func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .civilISO8601
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
