import Foundation
import Testing
import SharedDefaultsKit

@Suite("Shared defaults (the App Group)")
struct SharedDefaultsTests {
    static let day = DefaultsKey<Int>("selectedForecastDay", default: 0)
    static let name = DefaultsKey<String?>("cityName", default: nil)

    let directory = NSTemporaryDirectory() + "shared-defaults-\(UUID().uuidString)"

    func defaults() throws -> SharedDefaults {
        try SharedDefaults(suiteName: "group.weatherhub", containerDirectory: directory)
    }

    @Test("a value set by one process is read by another, and defaults fill the gaps")
    func roundTrip() throws {
        let writer = try defaults()
        let reader = try defaults()
        #expect(reader.value(for: Self.day) == 0)
        #expect(reader.value(for: Self.name) == nil)
        try writer.set(2, for: Self.day)
        try writer.set("Zürich", for: Self.name)
        #expect(reader.value(for: Self.day) == 2)
        #expect(reader.value(for: Self.name) == "Zürich")
    }

    @Test("the file and its directory are shared with the group")
    func permissions() throws {
        let defaults = try defaults()
        try defaults.set(1, for: Self.day)
        let file = try FileManager.default.attributesOfItem(atPath: defaults.path)
        #expect((file[.posixPermissions] as? Int) == 0o660)
        let folder = try FileManager.default.attributesOfItem(atPath: directory)
        #expect(((folder[.posixPermissions] as? Int) ?? 0) & 0o2770 == 0o2770)
    }

    @Test("a corrupt file keeps the last good values and says why; the next write repairs it")
    func corruptFile() throws {
        let defaults = try defaults()
        try defaults.set(3, for: Self.day)
        #expect(defaults.value(for: Self.day) == 3)
        try Data("{\"schema\": 1, \"values\": {\"selectedFore".utf8).write(to: URL(fileURLWithPath: defaults.path))
        #expect(defaults.value(for: Self.day) == 3)
        #expect(defaults.problem?.code == .corrupt)
        #expect(defaults.problem?.description.contains(defaults.path) == true)
        try defaults.set(4, for: Self.day)
        #expect(defaults.problem == nil)
        #expect(try self.defaults().value(for: Self.day) == 4)
    }

    @Test("a file from a newer version is read-only: writes are refused with a reason")
    func newerSchema() throws {
        let defaults = try defaults()
        try defaults.set(1, for: Self.day)
        #expect(defaults.value(for: Self.day) == 1)
        let newer = #"{"schema": 99, "updated": 0, "updatedBy": "future", "values": {"selectedForecastDay": 2}}"#
        try Data(newer.utf8).write(to: URL(fileURLWithPath: defaults.path))
        #expect(defaults.value(for: Self.day) == 1)
        #expect(defaults.problem?.code == .newerSchema)
        let error = #expect(throws: SharedDefaultsError.self) { try defaults.set(5, for: Self.day) }
        #expect(error?.code == .newerSchema)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: defaults.path)), as: UTF8.self) == newer)
    }

    @Test("keys this version does not know survive a write")
    func unknownKeysKept() throws {
        let defaults = try defaults()
        let file = #"{"schema": 1, "updated": 0, "updatedBy": "older", "values": {"futureKey": {"nested": [1, "two"]}}}"#
        try Data(file.utf8).write(to: URL(fileURLWithPath: defaults.path))
        try defaults.set(2, for: Self.day)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: defaults.path)), as: UTF8.self)
        #expect(text.contains("futureKey"))
        #expect(text.contains("\"two\""))
    }

    @Test("a value of the wrong shape reads as the default")
    func wrongShape() throws {
        let defaults = try defaults()
        let file = #"{"schema": 1, "updated": 0, "updatedBy": "hand", "values": {"selectedForecastDay": "two"}}"#
        try Data(file.utf8).write(to: URL(fileURLWithPath: defaults.path))
        #expect(defaults.value(for: Self.day) == 0)
    }

    @Test("concurrent writers of different keys lose no update")
    func concurrentWriters() async throws {
        let keys = (0..<4).map { DefaultsKey<Int>("counter\($0)", default: 0) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for key in keys {
                let writer = try defaults()
                group.addTask {
                    for value in 1...20 { try writer.set(value, for: key) }
                }
            }
            try await group.waitForAll()
        }
        let reader = try defaults()
        #expect(keys.map { reader.value(for: $0) } == [20, 20, 20, 20])
    }

    @Test("another process's change is noticed without polling")
    func changesAreWatched() async throws {
        let service = try defaults()
        var changes = try service.changes().makeAsyncIterator()
        try self.defaults().set(2, for: Self.day)
        let changed: Void? = await changes.next()
        #expect(changed != nil)
        #expect(service.value(for: Self.day) == 2)
    }

    @Test("the watch leaves out the watcher's own writes, and still reports the next one from elsewhere")
    func ownWritesAreNotChanges() async throws {
        let service = try defaults()
        let changes = try service.changes()
        try service.set(1, for: Self.day)
        try service.set(3, for: Self.day)
        // What arrives first: an element for the service's own writes (wrong), or the foreign write made
        // after a grace period that the watcher thread needs far less of to report an event.
        let first = await withTaskGroup(of: Int?.self) { group in
            group.addTask {
                for await _ in changes { return service.value(for: Self.day) }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .milliseconds(500))
                try? self.defaults().set(4, for: Self.day)
                return nil
            }
            var seen: Int?
            for await value in group where value != nil {
                seen = value
                group.cancelAll()
            }
            return seen
        }
        #expect(first == 4)
    }

    @Test("a container path that is a file is a clear error")
    func containerIsAFile() throws {
        let file = NSTemporaryDirectory() + "not-a-directory-\(UUID().uuidString)"
        try Data().write(to: URL(fileURLWithPath: file))
        #expect(throws: SharedDefaultsError.self) {
            _ = try SharedDefaults(suiteName: "group.weatherhub", containerDirectory: file + "/shared")
        }
    }
}
