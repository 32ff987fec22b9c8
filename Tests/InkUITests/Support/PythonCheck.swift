import Foundation

/// Runs a Python 3 script (for independent checks of our file formats with Python's own zlib).
enum PythonCheck {
    /// The interpreter, when the machine has one.
    static let interpreter: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static var isAvailable: Bool { interpreter != nil }

    /// Runs `script` with `arguments`; returns its standard output, or throws with its error output.
    static func run(_ script: String, arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: interpreter ?? "/usr/bin/python3")
        process.arguments = ["-c", script] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PythonCheckError(message: String(decoding: errData, as: UTF8.self))
        }
        return String(decoding: outData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

struct PythonCheckError: Error, CustomStringConvertible {
    let message: String
    var description: String { "python3 failed: \(message)" }
}
