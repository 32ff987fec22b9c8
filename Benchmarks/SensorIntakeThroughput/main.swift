// Sustained MQTT intake: messages per second decoded, validated and stored by the hub's real path
// (libmosquitto → SensorIntake → SensorStore on SQLite), against the ceiling of a libmosquitto client,
// `mosquitto_sub`, receiving the same stream from the same broker. Prints both rates and the hub's peak
// memory.
//
//   swift run -c release --package-path Benchmarks SensorIntakeThroughput [messages]
//
// The broker is a real mosquitto on a free loopback port; the stream is zigbee2mqtt-style JSON from 500
// sensors, published at full speed by `mosquitto_pub -l` with QoS 0. Per-sensor flood limits are raised
// so every message takes the whole path (the default limits would refuse most of a flood, by design).
import Foundation
import Logging
import Sensors

let messageCount = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 50_000
let sensorCount = 500

func freePort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    close(fd)
    return Int(UInt16(bigEndian: address.sin_port))
}

func launch(_ path: String, _ arguments: [String], input: Data? = nil) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    let pipe = Pipe()
    process.standardInput = pipe
    try process.run()
    if let input {
        pipe.fileHandleForWriting.write(input)
    }
    try pipe.fileHandleForWriting.close()
    return process
}

/// One payload line per message, round-robin over the sensors (topic is set per run: `-t` is fixed for
/// `mosquitto_pub -l`, so the sensor's name travels in the payload's `device` field).
let payload = Data((0..<messageCount).map { index in
    let temperature = Double(index % 400) / 10 - 10
    return #"{"device":"bench-\#(index % sensorCount)","temperature":\#(temperature),"humidity":\#(40 + index % 30),"battery":90}"#
}.joined(separator: "\n").appending("\n").utf8)

func measureCeiling(port: Int) throws -> Double {
    let subscriber = try launch("/usr/bin/mosquitto_sub", ["-h", "127.0.0.1", "-p", "\(port)", "-t", "zigbee2mqtt/#", "-C", "\(messageCount)"])
    usleep(300_000)
    let start = ContinuousClock.now
    let publisher = try launch("/usr/bin/mosquitto_pub", ["-h", "127.0.0.1", "-p", "\(port)", "-t", "zigbee2mqtt/bench", "-l"], input: payload)
    publisher.waitUntilExit()
    subscriber.waitUntilExit()
    return Double(messageCount) / (ContinuousClock.now - start).seconds
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

func measureHub(port: Int, directory: String) async throws -> (rate: Double, statistics: IntakeStatistics, dropped: Int) {
    var limits = IntakeLimits()
    limits.burstPerSensor = messageCount
    limits.messagesPerMinutePerSensor = Double(messageCount) * 60
    limits.maxSensors = sensorCount + 10
    let settings = SensorSettings(
        broker: BrokerSettings(host: "127.0.0.1", port: port, clientID: "weatherhub-bench", persistentSession: false),
        limits: limits, store: StoreSettings(databasePath: directory + "/sensors.sqlite"))
    let logger = Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })
    let store = try SensorStore(settings: settings, logger: logger)
    let intake = SensorIntake(settings: settings, store: store, logger: logger)
    let mqtt = MQTTIntake(broker: settings.broker!, settings: settings, intake: intake, logger: logger)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await store.run() }
        group.addTask { try await mqtt.run() }
        for await status in mqtt.statusUpdates() where status.subscribed { break }
        let start = ContinuousClock.now
        let publisher = try launch("/usr/bin/mosquitto_pub", ["-h", "127.0.0.1", "-p", "\(port)", "-t", "zigbee2mqtt/bench", "-l"], input: payload)
        // Sampled, not awaited: the benchmark watches the counters the intake keeps.
        var statistics = await intake.statistics
        var lastChange = ContinuousClock.now
        var last = statistics.received
        while true {
            try await Task.sleep(for: .milliseconds(20))
            statistics = await intake.statistics
            if statistics.received != last {
                last = statistics.received
                lastChange = ContinuousClock.now
            }
            let dropped = mqtt.status.messagesDropped
            if statistics.received + dropped >= messageCount || ContinuousClock.now - lastChange > .seconds(3) { break }
        }
        publisher.waitUntilExit()
        let elapsed = lastChange - start
        try await store.flush()
        group.cancelAll()
        return (Double(statistics.received) / elapsed.seconds, statistics, mqtt.status.messagesDropped)
    }
}

let directory = NSTemporaryDirectory() + "weatherhub-intake-bench-\(getpid())"
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
let port = freePort()
let broker = try launch("/usr/sbin/mosquitto", ["-p", "\(port)"])
usleep(500_000)
defer {
    broker.terminate()
    try? FileManager.default.removeItem(atPath: directory)
}
let ceiling = try measureCeiling(port: port)
let hub = try await measureHub(port: port, directory: directory)
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
print("messages published:                  \(messageCount) (zigbee2mqtt JSON, \(sensorCount) sensors, QoS 0)")
print("mosquitto_sub (libmosquitto ceiling): \(Int(ceiling)) messages/s")
print("hub: decoded, validated, stored:      \(Int(hub.rate)) messages/s (\(Int(hub.rate / ceiling * 100)) % of the ceiling)")
print("hub: received \(hub.statistics.received), stored \(hub.statistics.stored), duplicates \(hub.statistics.duplicates), rejected \(hub.statistics.rejected), dropped at the hand-over queue \(hub.dropped)")
print("hub: peak resident memory:           \(usage.ru_maxrss / 1024) MiB")
