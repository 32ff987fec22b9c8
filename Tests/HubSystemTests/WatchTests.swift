import Foundation
import Glibc
import HubSystem
import HubTestSupport
import Testing

@Suite("Change watches", .serialized)
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

    @Test("every clock stream hears a change", .enabled(if: canSetClock, "needs CAP_SYS_TIME"))
    func clockSetReachesEveryStream() async throws {
        let streams = try (0..<3).map { _ in try WallClockChanges.stream() }
        var iterators = streams.map { $0.makeAsyncIterator() }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        #expect(clock_settime(CLOCK_REALTIME, &now) == 0)
        for index in iterators.indices {
            let event: Void? = await iterators[index].next()
            #expect(event != nil)
        }
    }

    @Test("clock streams share one watch thread, which stops when the last iteration ends")
    func clockStreamsShareOneThread() async throws {
        #expect(await Self.threads(named: "clock watch", become: 0))
        let tasks = try (0..<8).map { _ in
            let changes = try WallClockChanges.stream()
            return Task { for await _ in changes {} }
        }
        #expect(await Self.threads(named: "clock watch", become: 1))
        for task in tasks.dropLast() {
            task.cancel()
            await task.value
        }
        #expect(await Self.threads(named: "clock watch", become: 1))
        tasks.last!.cancel()
        await tasks.last!.value
        #expect(await Self.threads(named: "clock watch", become: 0))
    }

    @Test("a watch stops its thread when iteration ends, again and again")
    func stops() async throws {
        for _ in 0..<50 {
            let changes = try WallClockChanges.stream()
            let task = Task { for await _ in changes {} }
            task.cancel()
            await task.value
        }
        #expect(await Self.threads(named: "clock watch", become: 0))
    }

    /// Whether this process's threads called `name` number `count` within five seconds (a stopped watch
    /// thread exits on its own, shortly after its last stream ends).
    private static func threads(named name: String, become count: Int) async -> Bool {
        for _ in 0..<100 {
            if ProcessThreads.ids(named: name).count == count { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

}
