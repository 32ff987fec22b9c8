import InkUI
import InkWidgets
import Testing
@testable import WeatherWidgets

@Suite("Weather layout: which sections fit a region, and where")
struct WeatherLayoutTests {
    @Test("extra large on 800 × 480 shows every section, three rows of details in two columns, the sensors beside the days")
    func extraLargeWide() {
        let layout = WeatherLayout(family: .extraLarge, size: PixelSize(width: 800, height: 480))
        #expect(layout.sections == [.chart, .detailRow, .hours, .days, .sensors])
        #expect(layout.detailRows == 3 && layout.detailColumns == 2)
        #expect(layout.sensorsBesideDays)
        #expect(layout.headerShowsDate)
        #expect(layout.metrics.scale >= 1.1)
        let withAlert = WeatherLayout(family: .extraLarge, size: PixelSize(width: 800, height: 480), showsAlert: true)
        #expect(withAlert.sections == layout.sections.union([.alert]))
    }

    @Test("extra large on 400 × 300 keeps the chart, the days and the sensors' own rows, and gives up the next hours")
    func extraLargeNarrow() {
        let layout = WeatherLayout(family: .extraLarge, size: PixelSize(width: 400, height: 300))
        #expect(layout.sections == [.chart, .detailRow, .days, .sensors])
        #expect(!layout.sensorsBesideDays)
        #expect(layout.metrics.scale >= PanelScale.minimumReadable)
    }

    @Test("a 2.13-inch panel keeps the answer to \"will it rain\": the first detail, or the hours' chances")
    func smallPanelKeepsPrecipitation() async throws {
        let small = WeatherLayout(family: .small, size: PixelSize(width: 250, height: 122))
        #expect(small.detailRows >= 1)
        let medium = WeatherLayout(family: .medium, size: PixelSize(width: 250, height: 122))
        #expect(medium.shows(.hours))
        let renderer = Renderer(fonts: TestData.fonts)
        renderer.recordsPlacements = true
        _ = try await WidgetPreview.render(
            kind: WeatherWidget.kind, family: .medium, size: PixelSize(width: 250, height: 122), data: try TestData.context(),
            fonts: TestData.fonts, renderer: renderer)
        #expect(renderer.placedElements.contains { $0.content == .icon(.droplet) || $0.content == .icon(.snowflake) })
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
