import Foundation
import HubConfig
import HubDisplays
@testable import HubHTTP
import HubTestSupport
import Logging
import ServiceLifecycle
import Testing

/// The web side's sockets outlive the builds of the hub: a browser's connection stays open while the hub
/// rebuilds itself, a request made meanwhile is answered by the next build, and the sockets move or close
/// only when a build asks for it.
@Suite("Web side across rebuilds", .serialized)
struct WebFrontTests {
    static let settings = HTTPSettings(address: "127.0.0.1", port: 0)

    /// Whether this process listens on 127.0.0.1:`port`. Its own descriptors, not a connection: a program
    /// another test starts meanwhile inherits the listening sockets and may keep the port open.
    private func listens(on port: Int) throws -> Bool {
        !WebSideStartTests.openSockets().isDisjoint(with: try WebSideStartTests.loopbackListeners(port: port))
    }

    /// A front whose only build has ended, and a browser whose request waits for the next build.
    private func requestBetweenBuilds() async throws -> (front: RunningFront, port: Int, browser: KeepAliveClient) {
        let front = try await RunningFront.start()
        let alpha = try await Build.start("Alpha", front: front.front, settings: Self.settings)
        let browser = try KeepAliveClient(port: alpha.port)
        #expect(try await browser.get("/").body.contains("Alpha"))
        try await alpha.stop()
        try browser.send("/")
        try await waitUntil { front.front.waitingRequests == 1 }
        return (front, alpha.port, browser)
    }

    @Test("a connection stays open from one build to the next, and a request made between builds is answered by the next")
    func rebuild() async throws {
        let (front, port, browser) = try await requestBetweenBuilds()
        let beta = try await Build.start("Beta", front: front.front, settings: Self.settings)
        #expect(beta.port == port)
        let answer = try await browser.answer()
        #expect(answer.status == 200)
        #expect(answer.body.contains("Beta"))
        try await beta.stop()
        try await front.stop()
    }

    @Test("a build asking for another port moves the sockets: the port before is closed")
    func anotherPort() async throws {
        let front = try await RunningFront.start()
        let alpha = try await Build.start("Alpha", front: front.front, settings: Self.settings)
        try await alpha.stop()
        #expect(try listens(on: alpha.port), "the sockets outlive the build")
        let port = try MosquittoBroker.freePort()
        let beta = try await Build.start("Beta", front: front.front, settings: HTTPSettings(address: "127.0.0.1", port: port))
        #expect(beta.port == port)
        #expect(try await KeepAliveClient(port: port).get("/").body.contains("Beta"))
        #expect(try listens(on: port) && !listens(on: alpha.port))
        try await beta.stop()
        try await front.stop()
    }

    @Test("with the web side taken out, a request waiting for a build is told to try again, and the port closes")
    func takenOut() async throws {
        let (front, port, browser) = try await requestBetweenBuilds()
        await front.front.closeListener()
        let answer = try await browser.answer()
        #expect(answer.status == 503)
        #expect(answer.body.contains("try again in a moment"))
        #expect(try !listens(on: port))
        try await front.stop()
    }

    @Test("a service that stops tells a request waiting for a build to try again")
    func stopping() async throws {
        let (front, _, browser) = try await requestBetweenBuilds()
        try await front.stop()
        #expect(try await browser.answer().status == 503)
    }
}

/// A front in a service group of its own, as the service runs it.
private struct RunningFront {
    let front: WebFront
    let group: ServiceGroup
    let running: Task<Void, any Error>

    static func start() async throws -> RunningFront {
        let front = WebFront(logger: Logger(label: "test"))
        let group = ServiceGroup(configuration: .init(services: [front], logger: Logger(label: "test")))
        return RunningFront(front: front, group: group, running: Task { try await group.run() })
    }

    func stop() async throws {
        await group.triggerGracefulShutdown()
        try await running.value
    }
}

/// One build of the hub's web side: a status page titled `name`, answering through the front.
private struct Build {
    let port: Int
    let group: ServiceGroup
    let running: Task<Void, any Error>

    static func start(_ name: String, front: WebFront, settings: HTTPSettings) async throws -> Build {
        let directory = NSTemporaryDirectory() + "web-front-\(UUID().uuidString.prefix(8))"
        let listening = AsyncStream<Int>.makeStream()
        let server = HubHTTPServer(
            settings: settings,
            parts: HubHTTPServer.Parts(
                displays: [], registry: try DeviceRegistry(path: directory + "/devices.json", displays: []),
                logs: DeviceLogStore(directory: directory), statusPage: { StatusPageModel(title: name, panel: nil, sections: []) }),
            logger: Logger(label: "test"), front: front, onListening: { listening.continuation.yield($0) })
        let group = ServiceGroup(configuration: .init(services: [server], logger: Logger(label: "test")))
        let running = Task {
            defer { listening.continuation.finish() }
            try await group.run()
        }
        for await port in listening.stream { return Build(port: port, group: group, running: running) }
        try await running.value
        throw BuildStopped()
    }

    /// The build stopped before it answered, without an error.
    struct BuildStopped: Error {}

    func stop() async throws {
        await group.triggerGracefulShutdown()
        try await running.value
    }
}
