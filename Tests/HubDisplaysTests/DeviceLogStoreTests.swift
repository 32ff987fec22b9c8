import Foundation
import HubDisplays
import Testing

@Suite("Device logs")
struct DeviceLogStoreTests {
    static let device = DeviceID("AA:BB:CC:DD:EE:01")!

    @Test("lines are stamped, cleaned, cut, and read back newest last")
    func lines() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("logs-\(UUID().uuidString)").path
        let store = DeviceLogStore(directory: directory)
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        try store.append(["first", "tab\there\u{1B}[2J", String(repeating: "x", count: 5000)], for: Self.device, at: date)
        let lines = store.lastLines(of: Self.device, count: 10)
        #expect(lines.count == 3)
        #expect(lines[0] == "2027-01-15T08:00:00Z first")
        #expect(lines[1].hasSuffix("tab here [2J"))
        #expect(lines[2].count == "2027-01-15T08:00:00Z ".count + DeviceLogStore.lineLimit)
        #expect(store.lastLines(of: Self.device, count: 1) == [lines[2]])
        let mode = try FileManager.default.attributesOfItem(atPath: directory + "/AABBCCDDEE01.log")[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("a chatty device fills at most two files of the limit")
    func rotation() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("logs-\(UUID().uuidString)").path
        let store = DeviceLogStore(directory: directory)
        for index in 0..<2000 {
            try store.append(["entry \(index) " + String(repeating: "y", count: 100)], for: Self.device, at: Date())
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(files == ["AABBCCDDEE01.log", "AABBCCDDEE01.log.1"])
        for file in files {
            let size = try FileManager.default.attributesOfItem(atPath: directory + "/" + file)[.size] as? Int ?? 0
            #expect(size <= DeviceLogStore.fileLimit)
        }
        #expect(store.lastLines(of: Self.device, count: 1).first?.contains("entry 1999 ") == true)
        store.remove(Self.device)
        #expect(store.lastLines(of: Self.device, count: 5).isEmpty)
    }
}

@Suite("Request budget")
struct RequestBudgetTests {
    @Test("a burst passes, then one request per interval")
    func tokenBucket() {
        let budget = RequestBudget<String>(burst: 3, interval: .seconds(2))
        let start = ContinuousClock.now
        #expect((0..<3).allSatisfy { _ in budget.admit("a", at: start) })
        #expect(!budget.admit("a", at: start))
        #expect(budget.admit("b", at: start))
        #expect(!budget.admit("a", at: start + .seconds(1)))
        #expect(budget.admit("a", at: start + .seconds(3)))
    }
}
