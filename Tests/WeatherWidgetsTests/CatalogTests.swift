import InkWidgets
import Testing
@testable import WeatherWidgets

/// The catalog layouts are checked against, and the widgets the service hosts, describe the same widgets.
@Suite("Widget catalog")
struct CatalogTests {
    @Test("each hosted widget carries its gallery entry: kind, name, description and families")
    func bundleMatchesCatalog() throws {
        let configurations = WeatherHubWidgets(data: try TestData.context()).body
        #expect(configurations.map(\.widgetDescription) == WeatherHubWidgets.catalog)
        #expect(configurations.map(\.kind) == WeatherHubWidgets.catalog.map(\.kind))
    }

    @Test("the widgets that show local readings say so, and only they are reloaded when a sensor changes")
    func sensorReaders() throws {
        let configurations = WeatherHubWidgets(data: try TestData.context()).body
        #expect(configurations.kinds(reading: .sensorReadings) == [WeatherWidget.kind, SensorsWidget.kind, HistoryWidget.kind])
    }
}
