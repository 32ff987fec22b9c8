import Foundation
import HubTestSupport
import Synchronization

/// The built `weatherhub` and `weatherctl` run as a user runs them, each test in its own directories.
final class HubSandbox: @unchecked Sendable {
    /// `.build/debug` of this package (`swift build --build-tests` builds the executables too).
    static let binaries = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug")

    let directory: String
    let notify: NotifySocket
    private(set) var service: Process?

    /// A sandbox whose configuration file holds `configuration` (YAML).
    init(configuration: String) throws {
        directory = NSTemporaryDirectory() + "weatherhub-e2e-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        notify = try NotifySocket(path: directory + "/notify.sock")
        try configuration.write(toFile: configFile, atomically: true, encoding: .utf8)
    }

    var configFile: String { directory + "/config.yaml" }
    var stateDirectory: String { directory + "/state" }
    var latestFrame: String { stateDirectory + "/panel/latest.png" }
    var sharedDefaultsFile: String { stateDirectory + "/shared/weatherhub.json" }

    /// The variables both executables get: the sandbox's paths, the test key, no systemd.
    var environment: [String: String] {
        [
            "PATH": "/usr/bin:/bin", "HOME": directory,
            "WEATHERHUB_CONFIG": configFile, "WEATHERHUB_STATE_DIR": stateDirectory,
            "WEATHERHUB_RUNTIME_DIR": directory + "/run",
            "OPENWEATHERMAP_API_KEY": OpenWeatherMapTestServer.validKey,
        ]
    }

    /// Starts the service and returns once it told systemd's protocol it is ready (its first frame is on
    /// the panel).
    func startService(arguments: [String] = [], extraEnvironment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = Self.binaries.appendingPathComponent("weatherhub")
        process.arguments = arguments
        process.environment = environment.merging(["NOTIFY_SOCKET": notify.path]) { $1 }.merging(extraEnvironment) { $1 }
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = try logFile()
        try process.run()
        service = process
        guard notify.wait(for: "READY=1") else {
            throw SandboxError("weatherhub did not become ready; its log:\n\(serviceLog)")
        }
    }

    /// Runs the service expecting it to refuse to start: its exit status and what it printed.
    func startServiceExpectingFailure(arguments: [String] = [], extraEnvironment: [String: String] = [:]) throws -> CommandResult {
        let process = Process()
        process.executableURL = Self.binaries.appendingPathComponent("weatherhub")
        process.arguments = arguments
        process.environment = environment.merging(extraEnvironment) { $1 }
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try process.run()
        return CommandResult(finished: process)
    }

    /// SIGTERM, then the exit status.
    func stopService() -> Int32? {
        guard let service else { return nil }
        service.terminate()
        service.waitUntilExit()
        self.service = nil
        return service.terminationStatus
    }

    /// SIGKILL: a crash or a power cut for the service.
    func killService() {
        guard let service else { return }
        kill(service.processIdentifier, SIGKILL)
        service.waitUntilExit()
        self.service = nil
    }

    var serviceLog: String { (try? String(contentsOfFile: directory + "/weatherhub.log", encoding: .utf8)) ?? "" }

    /// Runs `weatherctl` to completion.
    func ctl(_ arguments: [String], input: String? = nil, extraEnvironment: [String: String] = [:]) throws -> CommandResult {
        CommandResult(finished: try startCtl(arguments, input: input, extraEnvironment: extraEnvironment))
    }

    /// Starts `weatherctl` without waiting (to kill it midway).
    func startCtl(_ arguments: [String], input: String? = nil, extraEnvironment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = Self.binaries.appendingPathComponent("weatherctl")
        process.arguments = arguments
        process.environment = environment.merging(extraEnvironment) { $1 }
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        return process
    }

    private func logFile() throws -> FileHandle {
        let path = directory + "/weatherhub.log"
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        return handle
    }

    deinit {
        killService()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// What a finished command left.
struct CommandResult {
    let status: Int32
    let output: String
    let error: String
}

extension CommandResult {
    /// Reads a started process's output and error pipes to their end, both at once (a command that fills
    /// one pipe while the other is read would otherwise wait forever), then waits for its exit.
    init(finished process: Process) {
        let errors = (process.standardError as! Pipe).fileHandleForReading
        let errorText = Mutex(Data())
        let errorsRead = DispatchSemaphore(value: 0)
        // A thread of its own: a dispatch queue's worker may be one of the threads this one blocks.
        Thread {
            errorText.withLock { $0 = errors.readDataToEndOfFile() }
            errorsRead.signal()
        }.start()
        let output = (process.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        process.waitUntilExit()
        self.init(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            error: String(decoding: errorText.withLock { $0 }, as: UTF8.self))
    }
}

struct SandboxError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
