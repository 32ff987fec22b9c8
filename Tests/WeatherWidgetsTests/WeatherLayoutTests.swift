import InkUI
import InkWidgets
import Testing
@testable import WeatherWidgets

@Suite("Weather layout: which sections fit a region, and where")
struct WeatherLayoutTests {
    @Test("extra large on 800 × 480 shows every section, the sensors beside the five days")
    func extraLargeWide() {
        let layout = WeatherLayout(family: .extraLarge, size: PixelSize(width: 800, height: 480))
        #expect(layout.sections == [.chart, .hours, .days, .sensors])
        #expect(layout.sensorsBesideDays)
        #expect(layout.headerShowsDate)
        #expect(layout.metrics.scale >= 1.4)
    }

    @Test("extra large on 400 × 300 keeps the chart, the days and the sensors' own rows, and gives up the next hours")
    func extraLargeNarrow() {
        let layout = WeatherLayout(family: .extraLarge, size: PixelSize(width: 400, height: 300))
        #expect(layout.sections == [.chart, .days, .sensors])
        #expect(!layout.sensorsBesideDays)
        #expect(layout.metrics.scale >= PanelScale.minimumReadable)
    }

    @Test("extra large on a 128-pixel-wide portrait panel writes only the time beside the city")
    func extraLargeNarrowHeader() {
        #expect(!WeatherLayout(family: .extraLarge, size: PixelSize(width: 128, height: 296)).headerShowsDate)
        #expect(WeatherLayout(family: .extraLarge, size: PixelSize(width: 480, height: 800)).headerShowsDate)
    }

    @Test("every family keeps its margins on a 128-pixel-wide portrait panel", arguments: WidgetFamily.allCases)
    func portraitMargins(_ family: WidgetFamily) async throws {
        // With the outdoor sensor merged, the temperature carries its mark: the widest hero row.
        let store = try await TestSensors.populated(now: TestData.now)
        let frame = try await WidgetPreview.render(
            kind: WeatherWidget.kind, family: family, size: PixelSize(width: 128, height: 296),
            data: try TestData.context(sensors: store), fonts: TestData.fonts)
        // Content wider than the panel would be centred and cut at both edges.
        for x in [0, 127] {
            #expect((0..<296).allSatisfy { frame[x, $0] == .white }, "column \(x) is inked")
        }
    }
}
