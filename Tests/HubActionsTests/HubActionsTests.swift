import Foundation
import HubActions
import InkWidgets
import Logging
import SharedDefaultsKit
import Synchronization
import Testing
import WeatherInfoKit

/// The core every door calls: a city is stored before anything reloads, refusals store nothing, and every
/// reload is a person's request.
@Suite("Hub actions")
struct HubActionsTests {
    /// The schedulers' side of `WidgetCenter`: records each reload and whether it waited.
    final class Schedulers: WidgetCenterBackend {
        private let log = Mutex<[String]>([])
        var reloads: [String] { log.withLock { $0 } }

        func reloadTimelines(ofKind kind: String?, reason: ReloadReason) async throws {
            log.withLock { $0.append("\(kind ?? "all") \(reason)") }
        }

        func reloadAndWait(ofKind kind: String?, reason: ReloadReason) async throws -> [ReloadReport] {
            log.withLock { $0.append("\(kind ?? "all") \(reason) waited") }
            return []
        }

        func currentConfigurations() async throws -> [WidgetInfo] { [] }
    }

    let schedulers = Schedulers()
    let directory = NSTemporaryDirectory() + "hub-actions-\(UUID().uuidString.prefix(8))"

    func actions() throws -> HubActions {
        HubActions(
            defaults: try SharedDefaults(suiteName: "group.weatherhub", containerDirectory: directory),
            center: WidgetCenter(backend: schedulers), weather: DemoWeatherSource(), provider: .demo,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    @Test("a city is stored durably (a fresh reader sees it) and reloads nothing by itself")
    func setCityStores() async throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let choice = try await actions().setCity(.init(name: "Paris", pick: 2))
        #expect(choice.location.displayName == "Paris, TX, US")
        let fresh = try SharedDefaults(suiteName: "group.weatherhub", containerDirectory: directory)
        #expect(fresh.value(for: .city)?.displayName == "Paris, TX, US")
        #expect(schedulers.reloads.isEmpty)
    }

    @Test("a refused city stores nothing")
    func refusalStoresNothing() async throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let actions = try actions()
        _ = try await actions.setCity(.init(name: "Zürich"))
        await #expect(throws: CityChangeRefusal.notFound(name: "Atlantis", country: nil)) {
            try await actions.setCity(.init(name: "Atlantis"))
        }
        #expect(actions.defaults.value(for: .city)?.name == "Zürich")
    }

    @Test("a shared store that cannot be written refuses with its error, naming the file")
    func unwritableStore() async throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let actions = try actions()
        // A directory where the file goes: the atomic rename fails even for root.
        try FileManager.default.createDirectory(atPath: actions.defaults.path, withIntermediateDirectories: true)
        do {
            _ = try await actions.setCity(.init(name: "Zürich"))
            Issue.record("the city was reported saved")
        } catch {
            guard case .notSaved(let cause) = error else { throw error }
            #expect(cause.path == actions.defaults.path)
        }
        #expect(schedulers.reloads.isEmpty)
    }

    @Test("reloads are a person's request, of one kind or all, waiting or not")
    func reloads() async throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let actions = try actions()
        _ = try await actions.reload(wait: false)
        _ = try await actions.reload(kind: "weather", wait: true)
        #expect(schedulers.reloads == ["all user", "weather user waited"])
    }
}
