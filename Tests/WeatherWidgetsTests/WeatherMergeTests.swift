import Foundation
@testable import Sensors
import Testing
import WeatherInfoKit
@testable import WeatherWidgets

@Suite("Merge with the provider's weather, and the pressure trend")
struct WeatherMergeTests {
    let now = TestData.now

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

    /// The provider's report: 18 °C, 60 %, 1012 hPa, wind 4 m/s gusting 7 from 220°, 15 minutes old.
    private func provider(pressureLog: PressureLog = PressureLog()) -> WeatherReport {
        let conditions = CurrentConditions(
            observedAt: now.addingTimeInterval(-900), temperature: 18, feelsLike: nil, humidity: 60, pressure: 1012,
            wind: Wind(speed: 4, gust: 7, direction: 220), visibility: nil, cloudiness: 0, conditions: [], rainLastHour: nil,
            snowLastHour: nil, sunrise: nil, sunset: nil, utcOffsetSeconds: nil)
        return WeatherReport(
            location: DemoWeatherSource.city, current: Fetched(value: conditions, fetchedAt: now.addingTimeInterval(-600), units: .metric),
            forecast: nil, pressureLog: pressureLog, fault: nil, nextRefreshDate: now.addingTimeInterval(600))
    }

    /// A report without current conditions.
    private var withoutCurrent: WeatherReport {
        WeatherReport(location: DemoWeatherSource.city, current: nil, forecast: nil, fault: nil, nextRefreshDate: now)
    }

    @Test("a fresh outdoor value replaces the provider's; others stay the provider's")
    func freshReplaces() {
        let merged = WeatherMerge.merge(
            report: provider(), outdoor: snapshot([.temperature: (21.3, 120), .humidity: (55, 4000)]), trend: nil, now: now)
        #expect(merged.values[.temperature] == ShownValue(value: 21.3, source: .sensor(SensorID("garden"), displayName: "Garden"), observedAt: now.addingTimeInterval(-120)))
        #expect(merged.values[.temperature]?.age(at: now) == 120)
        #expect(merged.values[.humidity]?.source == .provider)
        #expect(merged.values[.humidity]?.value == 60)
        #expect(merged.values[.windAverage]?.source.label == "provider")
        #expect(merged.sensorValuesCurrentUntil == now.addingTimeInterval(-120 + 1800))
    }

    @Test("stale or age-unknown sensor values never replace the provider's")
    func staleDoesNot() {
        let stale = WeatherMerge.merge(report: provider(), outdoor: snapshot([.temperature: (21.3, 1801)]), trend: nil, now: now)
        #expect(stale.values[.temperature]?.source == .provider)
        let unknown = WeatherMerge.merge(
            report: provider(), outdoor: snapshot([.temperature: (21.3, 0)], ageUnknown: true), trend: nil, now: now)
        #expect(unknown.values[.temperature]?.source == .provider)
        #expect(unknown.sensorValuesCurrentUntil == nil)
    }

    @Test("without a provider, fresh sensor values still show; without either, the field is absent")
    func noProvider() {
        let merged = WeatherMerge.merge(report: withoutCurrent, outdoor: snapshot([.windAverage: (3.2, 10)]), trend: nil, now: now)
        #expect(merged.values.keys.sorted() == [.windAverage])
    }

    @Test("station pressure is reduced to sea level when the sensor's altitude is configured")
    func seaLevel() {
        let merged = WeatherMerge.merge(
            report: provider(), outdoor: snapshot([.pressure: (955.0, 60), .temperature: (15, 60)]), outdoorAltitude: 500,
            trend: nil, now: now)
        // 955 hPa at 500 m and 15 °C: 955 · (1 − 3.25 / 291.4)^−5.257 ≈ 1013.0 hPa at sea level.
        #expect(abs(merged.values[.pressure]!.value - 1013.0) < 0.1)
    }

    @Test("the provider's trend shows when no barometer is known; a local barometer's trend wins")
    func providerTrend() {
        let log = PressureLog(observations: [
            .init(time: now.addingTimeInterval(-11_400), hectopascals: 1014.5), .init(time: now.addingTimeInterval(-900), hectopascals: 1012),
        ])
        let providerTrend = PressureTrend(change: -2.5, window: .seconds(10_500), source: .provider)
        #expect(WeatherMerge.merge(report: provider(pressureLog: log), outdoor: nil, trend: nil, now: now).pressureTrend == providerTrend)
        let local = PressureTrend(change: 1.2, window: .seconds(10_800), source: .sensor(SensorID("hall"), displayName: "Hall"))
        #expect(WeatherMerge.merge(report: provider(pressureLog: log), outdoor: nil, trend: local, now: now).pressureTrend == local)
        #expect(WeatherMerge.merge(report: withoutCurrent, outdoor: nil, trend: nil, now: now).pressureTrend == nil)
    }

    @Test("trend classification around the steady band")
    func trendClassification() {
        #expect(PressureTrend(change: 0.6, window: .seconds(10_800), source: .provider).tendency == .steady)
        #expect(PressureTrend(change: 1.6, window: .seconds(10_800), source: .provider).tendency == .rising)
        #expect(PressureTrend(change: -3.0, window: .seconds(10_800), source: .provider).tendency == .falling)
    }

    @Test("a barometer's change from the store becomes the trend, named after the barometer, and wins")
    func barometerTrend() {
        let change = BarometerChange(sensor: SensorID("hall"), displayName: "Hall", change: 3.6, window: .seconds(10_800))
        let trend = PressureTrend(change)
        #expect(trend == PressureTrend(change: 3.6, window: .seconds(10_800), source: .sensor(SensorID("hall"), displayName: "Hall")))
        #expect(trend.tendency == .rising)
        let merged = WeatherMerge.merge(report: provider(), outdoor: nil, trend: trend, now: now)
        #expect(merged.pressureTrend == trend)
        #expect(merged.values[.temperature]?.source == .provider)
    }
}
