import Foundation
import Testing
import WeatherInfoKit

@Suite("the demo source")
struct DemoWeatherSourceTests {
    /// 2026-11-20 14:07 UTC.
    private let now = Date(timeIntervalSince1970: 1_795_183_620)

    @Test("is the same for the same now and seed, and differs with the seed")
    func deterministic() {
        let first = DemoWeatherSource(seed: 7).report(at: now)
        #expect(first == DemoWeatherSource(seed: 7).report(at: now))
        #expect(first != DemoWeatherSource(seed: 8).report(at: now))
    }

    @Test("always looks current: fetched in the last 10 minutes, forecast from the next 3-hour step for five days")
    func current() throws {
        let report = DemoWeatherSource(seed: 1).report(at: now)
        let current = try #require(report.current)
        let forecast = try #require(report.forecast?.value)
        #expect(current.fetchedAt <= now && now.timeIntervalSince(current.fetchedAt) < 600)
        #expect(report.nextRefreshDate == current.fetchedAt.addingTimeInterval(600))
        #expect(report.fault == nil)
        #expect(forecast.slots.count == 40)
        let first = try #require(forecast.slots.first).time
        #expect(first > now && first.timeIntervalSince(now) <= 10_800)
        #expect(forecast.days(from: now).count >= 5)
        #expect(forecast.days(from: now).first?.date == forecast.localDate(at: now))
    }

    @Test("a slot keeps its weather whatever now the report is made at")
    func stableOverTime() throws {
        let source = DemoWeatherSource(seed: 3)
        let earlier = try #require(source.report(at: now).forecast?.value.slots)
        let later = try #require(source.report(at: now.addingTimeInterval(6 * 3600)).forecast?.value.slots)
        let shared = later.filter { slot in earlier.contains { $0.time == slot.time } }
        #expect(shared.count == 38)
        for slot in shared { #expect(earlier.first { $0.time == slot.time } == slot) }
    }

    @Test("five days of varied weather, wet and dry", arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func varied(seed: UInt64) throws {
        let forecast = try #require(DemoWeatherSource(seed: seed).report(at: now).forecast?.value)
        let days = Array(forecast.days(from: now).prefix(5))
        #expect(Set(days.compactMap { $0.condition?.group }).count >= 3)
        #expect(days.contains { $0.precipitationAmount > 0 })
        #expect(days.contains { $0.precipitationAmount == 0 })
        #expect(days.allSatisfy { $0.high > $0.low })
    }

    @Test("speaks the asked units")
    func units() throws {
        let metric = try #require(DemoWeatherSource(seed: 2, units: .metric).report(at: now).current)
        let imperial = try #require(DemoWeatherSource(seed: 2, units: .imperial).report(at: now).current)
        #expect(imperial.units == .imperial)
        #expect(abs(imperial.value.temperature - (metric.value.temperature * 9 / 5 + 32)) < 0.02)
        #expect(abs(imperial.value.wind.speed - metric.value.wind.speed * 2.236_936) < 0.02)
    }

    @Test("finds its places by name, telling two Paris apart")
    func search() {
        let candidates = DemoWeatherSource().locations(matching: "paris")
        #expect(candidates.map(\.displayName) == ["Paris, FR", "Paris, TX, US"])
    }

    @Test("describes conditions in the asked language, as a provider does; English without one")
    func language() throws {
        let now = Date(timeIntervalSince1970: 1_778_760_300)
        let english = DemoWeatherSource(now: { now }).report(at: now)
        let german = DemoWeatherSource(language: "de", now: { now }).report(at: now)
        let englishWords = try #require(english.forecast?.value.slots.compactMap { $0.condition?.description })
        let germanWords = try #require(german.forecast?.value.slots.compactMap { $0.condition?.description })
        #expect(englishWords.contains("clear sky") && germanWords.contains("klarer Himmel"))
        #expect(Set(englishWords).isDisjoint(with: germanWords))
        #expect(german.forecast?.value.slots.map { $0.condition?.id } == english.forecast?.value.slots.map { $0.condition?.id })
    }
}
