import Foundation
import Testing
@testable import Sensors

@Suite("Merge with the provider's weather, and the pressure trend")
struct WeatherMergeTests {
    let now = TestMessages.now

    private func snapshot(_ values: [SensorField: (Double, TimeInterval)], staleAfter: Duration = .seconds(1800), ageUnknown: Bool = false)
        -> SensorSnapshot
    {
        SensorSnapshot(
            sensor: SensorID("garden"), displayName: "Garden", role: .outdoor, ecosystem: .generic,
            values: values.mapValues { value, age in
                LatestValue(
                    value: value, observedAt: now.addingTimeInterval(-age), arrivedAt: now.addingTimeInterval(-age),
                    timeSource: .payload, ageUnknown: ageUnknown, suspect: nil, unitAssumed: false)
            },
            lastSeen: now, availability: nil, staleAfter: staleAfter, rejectedCount: 0, lastRejection: nil, lastRejectionAt: nil)
    }

    private var provider: ProviderObservation {
        ProviderObservation(
            temperature: 18, humidity: 60, pressure: 1012, windSpeed: 4, windGust: 7, windDirection: 220,
            observedAt: now.addingTimeInterval(-900))
    }

    @Test("a fresh outdoor value replaces the provider's; others stay the provider's")
    func freshReplaces() {
        let merged = WeatherMerge.merge(
            provider: provider, outdoor: snapshot([.temperature: (21.3, 120), .humidity: (55, 4000)]), trend: nil, now: now)
        #expect(merged.values[.temperature] == ShownValue(value: 21.3, source: .sensor(SensorID("garden"), displayName: "Garden"), observedAt: now.addingTimeInterval(-120)))
        #expect(merged.values[.temperature]?.age(at: now) == 120)
        #expect(merged.values[.humidity]?.source == .provider)
        #expect(merged.values[.humidity]?.value == 60)
        #expect(merged.values[.windAverage]?.source.label == "provider")
        #expect(merged.sensorValuesCurrentUntil == now.addingTimeInterval(-120 + 1800))
    }

    @Test("stale or age-unknown sensor values never replace the provider's")
    func staleDoesNot() {
        let stale = WeatherMerge.merge(provider: provider, outdoor: snapshot([.temperature: (21.3, 1801)]), trend: nil, now: now)
        #expect(stale.values[.temperature]?.source == .provider)
        let unknown = WeatherMerge.merge(
            provider: provider, outdoor: snapshot([.temperature: (21.3, 0)], ageUnknown: true), trend: nil, now: now)
        #expect(unknown.values[.temperature]?.source == .provider)
        #expect(unknown.sensorValuesCurrentUntil == nil)
    }

    @Test("without a provider, fresh sensor values still show; without either, the field is absent")
    func noProvider() {
        let merged = WeatherMerge.merge(provider: nil, outdoor: snapshot([.windAverage: (3.2, 10)]), trend: nil, now: now)
        #expect(merged.values.keys.sorted() == [.windAverage])
    }

    @Test("station pressure is reduced to sea level when the sensor's altitude is configured")
    func seaLevel() {
        let merged = WeatherMerge.merge(
            provider: provider, outdoor: snapshot([.pressure: (955.0, 60), .temperature: (15, 60)]), outdoorAltitude: 500,
            trend: nil, now: now)
        // 955 hPa at 500 m and 15 °C: 955 · (1 − 3.25 / 291.4)^−5.257 ≈ 1013.0 hPa at sea level.
        #expect(abs(merged.values[.pressure]!.value - 1013.0) < 0.1)
    }

    @Test("the provider's trend shows when no barometer is known; a local barometer's trend wins")
    func providerTrend() {
        var provider = provider
        let providerTrend = PressureTrend(change: -2.5, window: .seconds(10_500), source: .provider)
        provider.pressureTrend = providerTrend
        #expect(WeatherMerge.merge(provider: provider, outdoor: nil, trend: nil, now: now).pressureTrend == providerTrend)
        let local = PressureTrend(change: 1.2, window: .seconds(10_800), source: .sensor(SensorID("hall"), displayName: "Hall"))
        #expect(WeatherMerge.merge(provider: provider, outdoor: nil, trend: local, now: now).pressureTrend == local)
        #expect(WeatherMerge.merge(provider: nil, outdoor: nil, trend: nil, now: now).pressureTrend == nil)
    }

    @Test("trend classification around the steady band")
    func trendClassification() {
        #expect(PressureTrend(change: 0.6, window: .seconds(10_800), source: .provider).tendency == .steady)
        #expect(PressureTrend(change: 1.6, window: .seconds(10_800), source: .provider).tendency == .rising)
        #expect(PressureTrend(change: -3.0, window: .seconds(10_800), source: .provider).tendency == .falling)
    }

    @Test("the store computes the 3-hour trend from the barometer's history and merges it")
    func trendFromStore() async throws {
        let store = try SensorStore(
            settings: SensorSettings(profiles: [
                SensorProfile(match: "garden", displayName: "Garden", role: .outdoor),
                SensorProfile(match: "hall", role: .barometer),
            ]),
            now: { TestMessages.now })
        #expect(try await store.pressureTrend(at: now) == nil)
        for minute in stride(from: 0, through: 200, by: 5) {
            let time = now.addingTimeInterval(-Double(200 - minute) * 60)
            _ = await store.apply(
                SensorReading(
                    sensor: SensorID("hall"), ecosystem: .generic, values: [.pressure: 1000 + Double(minute) * 0.02],
                    observedAt: time, timeSource: .payload, arrivedAt: time))
        }
        let trend = try #require(try await store.pressureTrend(at: now))
        #expect(trend.tendency == .rising)
        #expect(abs(trend.change - 3.6) < 0.11)
        #expect(trend.source == .sensor(SensorID("hall"), displayName: "hall"))
        let merged = try await store.currentWeather(merging: provider, at: now)
        #expect(merged.pressureTrend == trend)
        #expect(merged.values[.temperature]?.source == .provider)
    }
}
