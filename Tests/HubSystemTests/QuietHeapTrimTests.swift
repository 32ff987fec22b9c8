import HubSystem
import HubTestSupport
import Testing

struct QuietHeapTrimTests {
    // Timing: the test pool may be starved for seconds by other suites, so nothing below depends on how long
    // a sleep takes; only on a trim never coming before its quiet period.
    @Test("a burst trims once, the quiet period after its last activity, and a later burst again")
    func oneTrimPerBurst() async throws {
        let trims = CallCounter()
        let heapTrim = QuietHeapTrim(quiet: .seconds(1)) { trims.record() }
        let burstStart = ContinuousClock.now
        for _ in 0..<100 {
            heapTrim.noteActivity()
        }
        try await trims.wait(for: 1)
        #expect(trims.value == 1)
        #expect(try #require(trims.lastCall) - burstStart >= .seconds(1))
        try await Task.sleep(for: .milliseconds(1200))
        #expect(trims.value == 1, "no activity, no further trim")

        heapTrim.noteActivity()
        try await trims.wait(for: 2)
        #expect(trims.value == 2)
    }

    @Test("activity while the trim waits postpones it")
    func activityPostpones() async throws {
        let trims = CallCounter()
        let heapTrim = QuietHeapTrim(quiet: .seconds(1)) { trims.record() }
        heapTrim.noteActivity()
        try await Task.sleep(for: .milliseconds(300))
        // Had the sleep outlasted the quiet period, the first trim came before this; the next one still waits.
        let trimsBefore = trims.value
        let lastActivity = ContinuousClock.now
        heapTrim.noteActivity()
        try await trims.wait(for: trimsBefore + 1)
        #expect(try #require(trims.lastCall) - lastActivity >= .seconds(1))
    }

    @Test("smoke test: the default trim (malloc_trim through the C shim) runs")
    func defaultTrim() {
        QuietHeapTrim.releaseFreeHeap()
    }
}
