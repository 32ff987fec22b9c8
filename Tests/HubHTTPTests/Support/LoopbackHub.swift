import Foundation
import HubDisplays
import HubConfig
import HubHTTP
import HubSystem
import InkUI
import InkWidgets
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// The web side for real on loopback: networked displays with their own schedulers over the greeting
/// widget, the device registry and logs in a temporary state directory, and the Hummingbird server.
final class LoopbackHub: Sendable {
    static let fonts = try! FontLibrary()

    let displays: [NetworkDisplay]
    let registry: DeviceRegistry
    let logs: DeviceLogStore
    let center: WidgetHostGroup
    let city: GreetingWidget.City
    let port: Int
    let stateDirectory: String
    private let group: ServiceGroup
    private let running: Task<Void, any Error>

    /// Starts displays (800×480 TRMNLs unless given) and the server, its status page showing `statusPage`;
    /// returns once it listens.
    static func start(
        displays profiles: [NetworkDisplayProfile], city: String = "Lyon", spacing: TimeInterval = 3600, entries: Int = 2,
        settings: HTTPSettings = HTTPSettings(address: "127.0.0.1", port: 0), heapTrim: QuietHeapTrim = QuietHeapTrim(),
        clock: any SchedulerClock = SystemSchedulerClock(),
        statusPage: @escaping @Sendable () async -> StatusPageModel = {
            StatusPageModel(title: "WeatherHub · Test", panel: nil, sections: [.init(title: "Weather", rows: [("Provider", "test")])])
        }
    ) async throws -> LoopbackHub {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("hub-http-\(UUID().uuidString)").path
        let cityBox = GreetingWidget.City(city)
        let now: @Sendable () -> Date = { clock.now().wall }
        let widget = GreetingWidget.configuration(city: cityBox, spacing: spacing, entries: entries, now: now)
        let logger = Logger(label: "test")
        let renderer = SharedRenderer(fonts: fonts)
        let displays = profiles.map { profile in
            let hosted = profile.layout.placements.map { widget.hosted(in: $0, capability: profile.capability, isPreview: false) }
            return NetworkDisplay(
                profile: profile, widgets: hosted, settings: SchedulerSettings(minimumDisplayInterval: .zero), clock: clock,
                renderer: renderer, logger: logger)
        }
        let registry = try DeviceRegistry(path: state + "/displays/devices.json", displays: profiles)
        let logs = DeviceLogStore(directory: state + "/displays/logs")
        let listening = AsyncStream<Int>.makeStream()
        let server = HubHTTPServer(
            settings: settings,
            parts: HubHTTPServer.Parts(displays: displays, registry: registry, logs: logs, now: now, statusPage: statusPage),
            logger: logger, heapTrim: heapTrim, onListening: { listening.continuation.yield($0) })
        let group = ServiceGroup(configuration: .init(services: displays.map(\.scheduler) + [server], logger: logger))
        let running = Task {
            defer { listening.continuation.finish() }
            try await group.run()
        }
        var port = 0
        for await bound in listening.stream {
            port = bound
            break
        }
        if port == 0 { try await running.value }  // the server stopped before it listened: its error
        return LoopbackHub(
            displays: displays, registry: registry, logs: logs, center: WidgetHostGroup(displays.map(\.scheduler)), city: cityBox,
            port: port, stateDirectory: state, group: group, running: running)
    }

    private init(
        displays: [NetworkDisplay], registry: DeviceRegistry, logs: DeviceLogStore, center: WidgetHostGroup, city: GreetingWidget.City,
        port: Int, stateDirectory: String, group: ServiceGroup, running: Task<Void, any Error>
    ) {
        self.displays = displays
        self.registry = registry
        self.logs = logs
        self.center = center
        self.city = city
        self.port = port
        self.stateDirectory = stateDirectory
        self.group = group
        self.running = running
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Waits until every display serves a frame of its first timeline (not the placeholder): a frame
    /// composed after each of its widgets' timelines arrived.
    func settle() async throws {
        for display in displays {
            while true {
                let arrivals = await display.scheduler.statuses().map(\.schedule.timelineDate)
                if let composed = display.frames.image?.composed, arrivals.allSatisfy({ $0.map { composed >= $0 } ?? false }) { break }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// Returns once display `index` serves `frame`: the scheduler composes a due entry on its own task.
    func waitUntilServed(_ frame: Frame, display index: Int = 0) async throws {
        while try servedFrame(index) != frame {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The frame display `index` serves now, decoded from the PNG every device gets.
    func servedFrame(_ index: Int) throws -> Frame? {
        try displays[index].frames.image.map { try PNGDecoder.decode(Array($0.png.readableBytesView)) }
    }

    func stop() async throws {
        await group.triggerGracefulShutdown()
        try await running.value
        try? FileManager.default.removeItem(atPath: stateDirectory)
    }

    /// A display profile with the greeting widget filling it.
    static func profile(
        _ id: String, kind: NetworkDisplayProfile.Kind = .trmnl, size: PixelSize = PixelSize(width: 800, height: 480),
        capability: ColorCapability = .monochrome, rotation: PanelRotation = .none, devices: [DeviceID] = [],
        autoRegister: Bool = false, wake: WakeBounds = WakeBounds(minimum: .seconds(1), maximum: .seconds(3600))
    ) -> NetworkDisplayProfile {
        let frameSize = PanelOrientation(nativeSize: size, rotation: rotation).logicalSize
        let greeting = WidgetPlacement(
            kind: "greeting", family: .large, id: WidgetID("\(id).greeting"), region: PixelRect(x: 0, y: 0, width: frameSize.width, height: frameSize.height))
        return NetworkDisplayProfile(
            id: id, kind: kind, nativeSize: size, rotation: rotation, capability: capability,
            layout: WidgetLayout(panelSize: frameSize, placements: [greeting]), wake: wake, devices: devices, autoRegister: autoRegister)
    }

    /// What the greeting widget draws for `text` on a display: rendered independently of the scheduler,
    /// and turned to the screen.
    static func expectedFrame(_ text: String, on profile: NetworkDisplayProfile) -> Frame {
        let frame = Renderer(fonts: fonts).render(
            GreetingWidget.view(.init(date: Date(), text: text)), size: profile.frameSize, capability: profile.capability,
            environment: EnvironmentValues())
        return profile.orientation.nativeFrame(frame)
    }
}
