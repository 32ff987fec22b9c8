import Foundation
import HubSystem
import Testing
@testable import Sensors

/// The history the widgets, the CLI and the status page read: tiers joined without double counting,
/// gaps kept, local days across daylight saving, rain from a counter, the strongest gust. Every series is
/// written to a database file and read back from it.
@Suite("Store: history series, days, rain and gusts")
struct SensorHistoryTests {
    private typealias Fixture = HistoryFixture
    private let garden = SensorID("garden")

    @Test("the last 26 hours come from the minute buckets and older days from the hourly ones, each reading once")
    func tiersWithoutDoubleCounting() async throws {
        let fixture = try Fixture(now: Fixture.utc("2026-10-26T10:00:00Z"))
        defer { fixture.remove() }
        let samples = Fixture.samples(from: Fixture.utc("2026-10-24T00:00:00Z"), every: 600, count: 348) { _ in 10 }
        try await fixture.record("garden", .temperature, samples)

        let points = try await fixture.store().history(
            of: garden, field: .temperature, from: Fixture.utc("2026-10-24T00:00:00Z"), to: fixture.now)
        let boundary = Fixture.utc("2026-10-25T08:00:00Z")  // 26 hours ago, on the hour
        #expect(points.reduce(0) { $0 + $1.count } == samples.count)
        #expect(points.filter { $0.time < boundary }.allSatisfy { $0.width == 3600 })
        #expect(points.filter { $0.time >= boundary }.allSatisfy { $0.width == 60 })
        #expect(points.first { $0.time >= boundary }?.time == boundary)
        #expect(zip(points, points.dropFirst()).allSatisfy { $0.end <= $1.time })
    }

    @Test("a three-hour gap splits the series; a sensor reporting every 20 minutes stays one line")
    func gapsStayGaps() async throws {
        let fixture = try Fixture(now: Fixture.utc("2026-06-14T20:00:00Z"))
        defer { fixture.remove() }
        let start = fixture.now.addingTimeInterval(-24 * 3600)
        let gap = Fixture.utc("2026-06-14T06:00:00Z")..<Fixture.utc("2026-06-14T09:00:00Z")
        try await fixture.record(
            "garden", .temperature,
            Fixture.samples(from: start, every: 60, count: 24 * 60) { _ in 18 }.filter { !gap.contains($0.time) })
        try await fixture.record("slow", .temperature, Fixture.samples(from: start, every: 1200, count: 72) { _ in 20 })

        let store = try fixture.store()
        let series = try await store.series(of: garden, field: .temperature, from: start, to: fixture.now)
        #expect(series.segments.count == 2)
        #expect(series.segments[0].start == start && series.segments[0].end == gap.lowerBound)
        #expect(series.segments[1].start == gap.upperBound)
        #expect(series.hasGaps(from: start, to: fixture.now))
        #expect(!series.hasGaps(from: gap.upperBound, to: fixture.now))
        let slow = try await store.series(of: SensorID("slow"), field: .temperature, from: start, to: fixture.now)
        #expect(slow.segments.count == 1 && slow.points.count == 72)
    }

    @Test("days are Berlin's local days: the 25-hour day of the autumn change has its high and low and their times")
    func daysAcrossDaylightSaving() async throws {
        let fixture = try Fixture(now: Fixture.utc("2026-10-26T10:00:00Z"))
        defer { fixture.remove() }
        let high = Fixture.utc("2026-10-25T14:00:00Z")  // 15:00 CET, from the minute buckets
        let low = Fixture.utc("2026-10-25T01:30:00Z")  // the second 02:30, from the hourly buckets
        try await fixture.record(
            "garden", .temperature,
            Fixture.samples(from: Fixture.utc("2026-10-24T00:00:00Z"), every: 600, count: 348) { time in
                time == high ? 20 : time == low ? 2 : 10
            })

        let days = try await fixture.store().dailySummaries(
            of: garden, field: .temperature, days: 3, in: Fixture.berlin, at: fixture.now)
        #expect(days.map(\.day) == [24, 25, 26].map { CivilTime.days(year: 2026, month: 10, day: $0) })
        #expect(days[0].isPartlyCovered && days[0].isOver, "the series starts at 02:00 local time")
        let autumn = days[1]
        #expect(autumn.start == Fixture.utc("2026-10-24T22:00:00Z") && autumn.end == Fixture.utc("2026-10-25T23:00:00Z"))
        #expect(autumn.high == HistoryExtreme(value: 20, time: high))
        #expect(autumn.low == HistoryExtreme(value: 2, time: Fixture.utc("2026-10-25T01:00:00Z")))
        #expect(!autumn.isPartlyCovered && autumn.isOver)
        #expect(!days[2].isPartlyCovered && !days[2].isOver)
        #expect(days[2].high.value == 10 && days[2].start == Fixture.utc("2026-10-25T23:00:00Z"))
    }

    @Test("the 23-hour day of the spring change holds 23 hours of readings, its high and low at their times")
    func springDay() async throws {
        let fixture = try Fixture(now: Fixture.utc("2026-03-30T10:00:00Z"))
        defer { fixture.remove() }
        let high = Fixture.utc("2026-03-29T01:30:00Z")  // 03:30 CEST, just after the jump, hourly buckets
        let low = Fixture.utc("2026-03-29T21:50:00Z")  // 23:50 CEST, minute buckets
        try await fixture.record(
            "garden", .temperature,
            Fixture.samples(from: Fixture.utc("2026-03-28T00:00:00Z"), every: 600, count: 58 * 6) { time in
                time == high ? 30 : time == low ? -5 : 8
            })

        let store = try fixture.store()
        let days = try await store.dailySummaries(of: garden, field: .temperature, days: 3, in: Fixture.berlin, at: fixture.now)
        let spring = try #require(days.first { $0.day == CivilTime.days(year: 2026, month: 3, day: 29) })
        #expect(spring.start == Fixture.utc("2026-03-28T23:00:00Z") && spring.end == Fixture.utc("2026-03-29T22:00:00Z"))
        #expect(spring.high == HistoryExtreme(value: 30, time: Fixture.utc("2026-03-29T01:00:00Z")))
        #expect(spring.low == HistoryExtreme(value: -5, time: low))
        #expect(!spring.isPartlyCovered && spring.isOver)
        let points = try await store.history(of: garden, field: .temperature, from: spring.start, to: spring.end)
        #expect(points.filter { $0.time < spring.end }.reduce(0) { $0 + $1.count } == 23 * 6)
    }

    @Test("rain today and over seven days sums the counter's rises, through a battery change's reset")
    func rainThroughAReset() async throws {
        let fixture = try Fixture(now: Fixture.utc("2026-06-14T20:00:00Z"))
        defer { fixture.remove() }
        // 30 mm yesterday afternoon (12:00Z to 18:00Z, partly in hourly buckets), 4.5 mm early today, a reset
        // to 0 at 10:00:30Z (a new battery), then 3 mm more.
        func counter(_ time: Date) -> Double {
            func minutes(since text: String) -> Double { time.timeIntervalSince(Fixture.utc(text)) / 60 }
            if time < Fixture.utc("2026-06-13T12:00:00Z") { return 1200 }
            if time < Fixture.utc("2026-06-14T02:00:00Z") { return 1200 + min(30, (minutes(since: "2026-06-13T12:00:00Z") / 12).rounded(.down)) }
            if time <= Fixture.utc("2026-06-14T10:00:00Z") { return 1230 + min(4.5, (minutes(since: "2026-06-14T02:00:00Z") / 13).rounded(.down) * 0.5) }
            return min(3, (minutes(since: "2026-06-14T10:00:00Z") / 20).rounded(.down) * 0.5)
        }
        var samples = Fixture.samples(from: Fixture.utc("2026-06-12T00:00:00Z"), every: 300, count: 24 * 12 * 2 + 20 * 12, counter)
        samples.append((Fixture.utc("2026-06-14T10:00:30Z"), 0))
        samples.sort { $0.time < $1.time }
        try await fixture.record("garden", .rain, samples)

        let rain = try await fixture.store().rainTotals(of: garden, in: Fixture.berlin, at: fixture.now)
        #expect(rain.today == 7.5)
        #expect(rain.lastSevenDays == 37.5)
        #expect(rain.isPartlyCovered, "the gauge has sent since 12 June only")
    }

    @Test("a counter's rise ignores falls: a reset to zero, a wrap, a replaced gauge with a smaller count")
    func counterRise() {
        func bucket(_ minute: Int, _ values: [Double]) -> HistoryPoint {
            HistoryPoint(
                time: Date(timeIntervalSince1970: Double(minute) * 60), width: 60, mean: values.reduce(0, +) / Double(values.count),
                minimum: values.min()!, maximum: values.max()!, last: values.last!, count: values.count)
        }
        // 6553.0 → 6553.5 | wrap | 0.4 → 1.0: 0.5 + 0.6, nothing for the wrap itself.
        #expect(CounterRise.total(of: [bucket(0, [6553, 6553.5]), bucket(1, [0.4, 1])], after: nil) == 1.1)
        // A gauge replaced by one that counts from 500: nothing of the 500.
        #expect(CounterRise.total(of: [bucket(0, [812]), bucket(1, [500, 501])], after: 811) == 2)
        // A reset within one bucket: the rise before it and after it.
        #expect(CounterRise.total(of: [bucket(0, [10, 10.5, 0, 0.25])], after: 9.5) == 1.25)
        #expect(CounterRise.total(of: [], after: 4) == 0)
    }

    @Test("a stale sensor's series ends where it fell silent, and today says it is partly covered")
    func staleSensor() async throws {
        let fixture = try Fixture(now: Fixture.utc("2026-06-14T20:00:00Z"))
        defer { fixture.remove() }
        let silentFrom = Fixture.utc("2026-06-14T17:00:00Z")
        let start = fixture.now.addingTimeInterval(-24 * 3600)
        try await fixture.record(
            "garden", .temperature, Fixture.samples(from: start, every: 300, count: 21 * 12 + 1) { _ in 16 })

        let store = try fixture.store()
        let series = try await store.series(of: garden, field: .temperature, from: start, to: fixture.now)
        #expect(series.lastBucketEnd == silentFrom.addingTimeInterval(60))
        #expect(series.segments.count == 1)
        let today = try #require(try await store.dailySummaries(
            of: garden, field: .temperature, days: 1, in: Fixture.berlin, at: fixture.now).first)
        #expect(today.isPartlyCovered && !today.isOver)
        let latest = try #require(await store.snapshot(of: garden)?.values[.temperature])
        #expect(!latest.isCurrent(at: fixture.now, staleAfter: .seconds(1800)) && latest.age(at: fixture.now) == 3 * 3600)
    }

    @Test("the strongest gust today is the highest bucket maximum since local midnight, with its time")
    func strongestGust() async throws {
        let fixture = try Fixture(now: Fixture.utc("2026-06-14T20:00:00Z"))
        defer { fixture.remove() }
        let peak = Fixture.utc("2026-06-14T09:30:00Z")
        let samples = Fixture.samples(from: Fixture.utc("2026-06-13T12:00:00Z"), every: 600, count: 192) { time in
            time == Fixture.utc("2026-06-13T15:00:00Z") ? 25 : time == peak ? 14.2 : 5
        }
        try await fixture.record("garden", .windGust, samples)

        let store = try fixture.store()
        #expect(try await store.strongestGustToday(of: garden, in: Fixture.berlin, at: fixture.now) == HistoryExtreme(value: 14.2, time: peak))
        #expect(try await store.strongestGustToday(of: SensorID("calm"), in: Fixture.berlin, at: fixture.now) == nil)
    }
}
