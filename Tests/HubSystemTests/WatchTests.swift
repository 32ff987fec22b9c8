import Foundation
import Glibc
import HubSystem
import Testing

@Suite("Change watches")
struct WatchTests {
    @Test("replacing a watched file by rename is reported; other files are not")
    func fileReplacement() async throws {
        let directory = TemporaryDirectory()
        let changes = try FileChanges.stream(directory: directory.path, fileName: "Defaults.json")
        var iterator = changes.makeAsyncIterator()
        try AtomicFile.write(Data("other".utf8), to: directory.file("unrelated.json"))
        try AtomicFile.write(Data("{}".utf8), to: directory.file("Defaults.json"))
        let event: Void? = await iterator.next()
        #expect(event != nil)
    }

    static var canSetClock: Bool {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return clock_settime(CLOCK_REALTIME, &now) == 0
    }

    @Test("setting the wall clock is reported", .enabled(if: canSetClock, "needs CAP_SYS_TIME"))
    func clockSet() async throws {
        let changes = try WallClockChanges.stream()
        var iterator = changes.makeAsyncIterator()
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        #expect(clock_settime(CLOCK_REALTIME, &now) == 0)
        let event: Void? = await iterator.next()
        #expect(event != nil)
    }

    @Test("a watch stops its thread when iteration ends")
    func stops() async throws {
        for _ in 0..<50 {
            let changes = try WallClockChanges.stream()
            let task = Task { for await _ in changes {} }
            task.cancel()
            await task.value
        }
    }
}
