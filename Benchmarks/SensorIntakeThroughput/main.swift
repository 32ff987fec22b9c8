// Sustained MQTT intake: messages per second decoded, validated and stored by the hub's real path
// (libmosquitto → MQTTIntake → SensorIntake → SensorStore on SQLite), against the ceiling of a
// libmosquitto client, `mosquitto_sub`, receiving the same stream from the same broker.
//
//   swift run -c release --package-path Benchmarks SensorIntakeThroughput [--messages N] [--runs R]
//       [--stream rtl433|zigbee2mqtt] [--sensors S]
//
// The broker is a real mosquitto on a free loopback port. The stream (default 500 000 rtl_433 events
// from 500 sensors, QoS 0) is written to a file first and published at full speed by `mosquitto_pub -l`
// reading that file. The hub runs in a child process of its own (`hub` role, with the service unit's
// MALLOC_ARENA_MAX=2), so the memory it reports is the hub's alone. Runs alternate ceiling and hub; the
// figures printed are medians. A last hub run is offered at most half the ceiling at an even pace, which
// shows what the hub keeps when the publisher does not outrun it. The rate counts messages stored; what
// the bounded hand-over dropped and what never reached the hub are printed beside it.
//
//   SensorIntakeThroughput pipeline --file PATH [--messages N]
//
// runs the pipeline alone in one process (no broker, no libmosquitto) over a stream file, for
// `valgrind --tool=callgrind` (whose per-message instruction counts are repeatable on a busy machine).
import Foundation

struct Options {
    var role = "benchmark"
    var messages = 500_000
    var runs = 3
    var sensors = 500
    var stream = BenchmarkStream.Kind.rtl433
    var port = 0
    var database = ""
    var file = ""

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        if let first = rest.first, !first.hasPrefix("--") { role = first; rest = rest.dropFirst() }
        while let flag = rest.popFirst() {
            let value = rest.popFirst() ?? ""
            switch flag {
            case "--messages": messages = Int(value) ?? messages
            case "--runs": runs = max(1, Int(value) ?? runs)
            case "--sensors": sensors = max(1, Int(value) ?? sensors)
            case "--stream": stream = BenchmarkStream.Kind(rawValue: value) ?? stream
            case "--port": port = Int(value) ?? port
            case "--database": database = value
            case "--file": file = value
            default: fatalError("unknown option \(flag)")
            }
        }
    }
}

/// Runs `body` to completion with the main thread blocked on a semaphore rather than parked in
/// `dispatch_main`, whose `sigsuspend` valgrind cannot follow.
func runBlocking(_ body: @escaping @Sendable () async throws -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task {
        do {
            try await body()
        } catch {
            fatalError("\(error)")
        }
        done.signal()
    }
    done.wait()
}

let options = Options(CommandLine.arguments)
switch options.role {
case "hub":
    runBlocking {
        try await HubSide.run(port: options.port, messages: options.messages, sensors: options.sensors, databasePath: options.database)
    }
case "pipeline":
    let stream = BenchmarkStream(kind: options.stream, messages: options.messages, sensors: options.sensors, path: options.file)
    if !FileManager.default.fileExists(atPath: options.file) { try stream.write(now: Date()) }
    runBlocking {
        try await PipelineSide.run(file: options.file, messages: options.messages, sensors: stream.distinctSensors, topic: stream.topic)
    }
case "benchmark":
    try Orchestrator(options: options).run()
default:
    fatalError("unknown role \(options.role)")
}
