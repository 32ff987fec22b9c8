import Foundation
import Sensors

/// Starts the broker, writes the stream, alternates ceiling and hub runs, and prints the medians.
struct Orchestrator {
    let options: Options

    private struct HubRun {
        var rate: Double
        var result: HubSide.Result
        /// The rate the paced publisher achieved (nil: full speed).
        var offered: Double?
    }

    func run() throws {
        let directory = NSTemporaryDirectory() + "weatherhub-intake-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let stream = BenchmarkStream(
            kind: options.stream, messages: options.messages, sensors: options.sensors, path: directory + "/stream.txt")
        try stream.write(now: Date())
        let port = Processes.freePort()
        let broker = try Processes.launch("/usr/sbin/mosquitto", ["-p", "\(port)"])
        defer {
            broker.terminate()
            broker.waitUntilExit()
        }
        Processes.waitForListener(port: port)

        var ceilings: [Double] = []
        var hubs: [HubRun] = []
        for run in 1...options.runs {
            let ceiling = try measureCeiling(stream: stream, port: port)
            let hub = try measureHub(stream: stream, port: port, databasePath: directory + "/sensors-\(run).sqlite")
            print(
                "run \(run): ceiling \(Int(ceiling)) msg/s; hub \(Int(hub.rate)) msg/s stored (\(percent(hub.rate, of: ceiling))), "
                    + "dropped \(hub.result.dropped), peak \(mebibytes(hub.result.peakResidentKiB))")
            ceilings.append(ceiling)
            hubs.append(hub)
        }
        let ceiling = median(ceilings)
        // The goal's load, offered at an even pace: what the hub keeps when the publisher does not outrun it.
        let paced = try measureHub(
            stream: stream, port: port, databasePath: directory + "/sensors-paced.sqlite", pacedAt: ceiling / 2)
        report(stream: stream, ceiling: ceiling, hubs: hubs, paced: paced)
    }

    /// `mosquitto_sub` receiving the stream: from the publisher's start until it has all messages.
    private func measureCeiling(stream: BenchmarkStream, port: Int) throws -> Double {
        let subscriber = try Processes.launch(
            "/usr/bin/mosquitto_sub",
            ["-h", "127.0.0.1", "-p", "\(port)", "-q", "1", "-t", stream.filter, "-C", "\(stream.messages)", "-W", "300"])
        // mosquitto_sub says nothing when it has subscribed; on loopback it takes milliseconds.
        usleep(500_000)
        let start = monotonicNanoseconds()
        let publisher = try publish(stream, port: port)
        subscriber.waitUntilExit()
        let end = monotonicNanoseconds()
        publisher.waitUntilExit()
        guard subscriber.terminationStatus == 0 else {
            fatalError("mosquitto_sub did not receive all \(stream.messages) messages (status \(subscriber.terminationStatus))")
        }
        return Double(stream.messages) / (Double(end - start) / 1e9)
    }

    /// The hub in its own process, from the publisher's start until the last message is stored and flushed.
    private func measureHub(stream: BenchmarkStream, port: Int, databasePath: String, pacedAt rate: Double? = nil) throws -> HubRun {
        let output = Pipe()
        let hub = try Processes.launch(
            CommandLine.arguments[0],
            [
                "hub", "--port", "\(port)", "--messages", "\(stream.messages)", "--sensors", "\(stream.distinctSensors)",
                "--database", databasePath,
            ],
            // As the systemd unit runs the service (deploy/systemd/weatherhub.service).
            output: output, environment: ["MALLOC_ARENA_MAX": "2"])
        defer {
            hub.terminate()
            hub.waitUntilExit()
        }
        var lines = LineReader(output.fileHandleForReading)
        guard lines.next(where: { $0 == "ready" }) != nil else { fatalError("the hub process ended before subscribing") }
        let start = monotonicNanoseconds()
        let publisher: Process
        var offered: Double?
        if let rate {
            let input = Pipe()
            publisher = try Processes.launch(
                "/usr/bin/mosquitto_pub", ["-h", "127.0.0.1", "-p", "\(port)", "-q", "0", "-t", stream.topic, "-l"], input: input)
            offered = try Pacer(path: stream.path, messagesPerSecond: rate).feed(input.fileHandleForWriting)
        } else {
            publisher = try publish(stream, port: port)
        }
        guard let line = lines.next(where: { $0.hasPrefix("result ") }), let result = HubSide.Result(line: line) else {
            fatalError("the hub process ended without a result")
        }
        publisher.waitUntilExit()
        return HubRun(rate: Double(result.statistics.stored) / (Double(result.finishedAt - start) / 1e9), result: result, offered: offered)
    }

    private func publish(_ stream: BenchmarkStream, port: Int) throws -> Process {
        try Processes.launch(
            "/usr/bin/mosquitto_pub", ["-h", "127.0.0.1", "-p", "\(port)", "-q", "0", "-t", stream.topic, "-l"],
            input: FileHandle(forReadingAtPath: stream.path))
    }

    private func report(stream: BenchmarkStream, ceiling: Double, hubs: [HubRun], paced: HubRun) {
        let hub = hubs.sorted { $0.rate < $1.rate }[hubs.count / 2]
        let result = hub.result
        let statistics = result.statistics
        print("")
        print("stream:                               \(stream.messages) \(stream.kind.rawValue) messages from \(stream.distinctSensors == 1 ? "one sensor" : "\(stream.distinctSensors) sensors"), QoS 0, median of \(hubs.count) runs")
        print("mosquitto_sub (libmosquitto ceiling): \(Int(ceiling)) messages/s")
        print("hub: decoded, validated, stored:      \(Int(hub.rate)) messages/s (\(percent(hub.rate, of: ceiling)) of the ceiling)")
        print(
            "hub: delivered by libmosquitto \(result.delivered) of \(stream.messages); dropped at the hand-over \(result.dropped); "
                + "processed \(statistics.received): stored \(statistics.stored), duplicates \(statistics.duplicates), "
                + "rejected \(statistics.rejected), ignored \(statistics.ignored); change notifications \(result.changes)")
        print(
            "hub, offered at most half the ceiling (\(Int(ceiling / 2)) msg/s), paced at \(Int(paced.offered ?? 0)) msg/s: "
                + "\(Int(paced.rate)) messages/s stored, "
                + "dropped at the hand-over \(paced.result.dropped), lost before the hub \(stream.messages - paced.result.delivered)")
        print("hub: last flush to SQLite:            \(String(format: "%.1f", result.flushMilliseconds)) ms")
        print(
            "hub: CPU time (all threads):          \(String(format: "%.2f", result.cpuSeconds)) s, "
                + "\(String(format: "%.1f", result.cpuSeconds / Double(max(1, result.delivered)) * 1e6)) µs per delivered message")
        print(
            "hub: resident memory:                 \(mebibytes(result.residentAtReadyKiB)) when subscribed, "
                + "peak \(mebibytes(result.peakResidentAtHalfKiB)) after half the stream, \(mebibytes(result.peakResidentKiB)) at the end "
                + "(worst run: \(mebibytes(hubs.map(\.result.peakResidentKiB).max()!)))")
    }

    private func mebibytes(_ kibibytes: Int) -> String {
        String(format: "%.1f MiB", Double(kibibytes) / 1024)
    }

    private func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }

    private func percent(_ value: Double, of total: Double) -> String {
        "\(Int((value / total * 100).rounded())) %"
    }
}

/// Reads newline-separated lines from a pipe, blocking until each arrives.
struct LineReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    /// The next line satisfying `condition` (others are skipped), or nil at the end of the stream.
    mutating func next(where condition: (String) -> Bool) -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                if condition(line) { return line }
                continue
            }
            let data = handle.availableData
            if data.isEmpty { return nil }
            buffer += data
        }
    }
}
