import Foundation
import InkWidgets
import Testing
import WeatherInfoKit
@testable import WeatherWidgets

@Suite("Weather and forecast timelines fetch fresh data when a person asked for the reload")
struct ReloadReasonTests {
    private let personal: [ReloadReason] = [.user, .keyPress]
    private let scheduled: [ReloadReason] = [.start, .configurationChanged, .clockChange, .policy, .retry, .dataChanged]

    private func context(_ reason: ReloadReason?, preview: Bool = false) -> TimelineProviderContext {
        var context = TestData.providerContext(.medium, 296, 128, preview: preview)
        context.reloadReason = reason
        return context
    }

    /// How the source was asked, for each context in turn.
    private func requests(_ contexts: [TimelineProviderContext], forecast: Bool) async throws -> [Bool?] {
        let source = RecordingWeatherSource(report: TestData.demoReport())
        let data = try TestData.context(source)
        for context in contexts {
            if forecast {
                _ = await ForecastTimelineProvider(data: data).timeline(in: context)
            } else {
                _ = await WeatherTimelineProvider(data: data).timeline(in: context)
            }
        }
        return source.recorded
    }

    @Test("weatherctl reload and a key press force a fetch; every other reason fetches only when due", arguments: [false, true])
    func forcedOnlyByPeople(forecast: Bool) async throws {
        #expect(try await requests(personal.map { context($0) }, forecast: forecast) == [true, true])
        #expect(try await requests(scheduled.map { context($0) }, forecast: forecast) == scheduled.map { _ in false })
        #expect(try await requests([context(nil)], forecast: forecast) == [false])
    }

    @Test("a preview reads the cache, whatever the reason", arguments: [false, true])
    func previewReadsTheCache(forecast: Bool) async throws {
        #expect(try await requests([context(.user, preview: true), context(nil, preview: true)], forecast: forecast) == [nil, nil])
    }
}
