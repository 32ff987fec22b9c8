import Foundation
@testable import HubMQTT
import Testing

@Suite("The record of retained topics")
struct PublishedTopicsRecordTests {
    @Test("saved, read back, written only on a change, and removed when empty")
    func record() throws {
        let directory = NSTemporaryDirectory() + "hub-mqtt-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let record = PublishedTopicsRecord(path: directory + "/state/mqtt-retained-topics.json")
        #expect(record.load().isEmpty)
        try record.save(["weatherhub/state", "homeassistant/sensor/weatherhub/condition/config"])
        #expect(record.load() == ["weatherhub/state", "homeassistant/sensor/weatherhub/condition/config"])
        let written = try FileManager.default.attributesOfItem(atPath: record.path)[.modificationDate] as? Date
        try record.save(["weatherhub/state", "homeassistant/sensor/weatherhub/condition/config"])
        #expect(try FileManager.default.attributesOfItem(atPath: record.path)[.modificationDate] as? Date == written)
        try record.save([])
        #expect(!FileManager.default.fileExists(atPath: record.path))
        try record.save([])
    }
}
