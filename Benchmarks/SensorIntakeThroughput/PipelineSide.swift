import Foundation
import Logging
import Sensors

/// The hub's pipeline alone (decoding, validation, store, final flush) fed from the stream file in this
/// process, without broker or libmosquitto: the capacity the MQTT path can at best reach, and a fixed
/// workload to count instructions with `valgrind --tool=callgrind`.
enum PipelineSide {
    static func run(file: String, messages: Int, sensors: Int, topic: String) async throws {
        let directory = NSTemporaryDirectory() + "weatherhub-pipeline-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let settings = HubSide.settings(port: 1883, messages: messages, sensors: sensors, databasePath: directory + "/sensors.sqlite")
        let logger = Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })
        let store = try SensorStore(settings: settings, logger: logger)
        let intake = SensorIntake(settings: settings, store: store, logger: logger)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let start = monotonicNanoseconds()
        var lineStart = 0
        var count = 0
        var batch: [IncomingMessage] = []
        // Batches of the size the MQTT hand-over forms when the decoders are the bottleneck.
        while lineStart < bytes.count, count < messages {
            let end = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            batch.append(IncomingMessage(topic: topic, payload: Array(bytes[lineStart..<end]), arrivedAt: Date()))
            lineStart = end + 1
            count += 1
            if batch.count == 256 || count == messages || lineStart >= bytes.count {
                await intake.process(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        try await store.flush()
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        let statistics = await intake.statistics
        print("pipeline alone: \(Int(Double(statistics.stored) / seconds)) messages/s stored (\(statistics.stored) of \(count))")
    }
}
