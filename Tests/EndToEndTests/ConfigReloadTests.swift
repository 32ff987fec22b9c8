import Foundation
import HubTestSupport
import Testing

/// Settings changed in the configuration file reach the panel without a restart: `weatherctl config
/// set` writes the file and has the service apply it; SIGHUP (`systemctl reload weatherhub`) applies the
/// file as it is; a file with problems is refused and the running configuration stays. The web side
/// stays open throughout.
@Suite("Configuration reload end to end", .serialized)
struct ConfigReloadTests {
    static let configuration = """
        # My hub. These comments must survive every change.
        provider:
          source: demo   # no key needed
        display:
          language: en   # the panel's words
        """

    @Test("config set: the file keeps its comments, the same process shows the change, a bad value changes nothing")
    func configSet() async throws {
        let hub = try HubSandbox(configuration: Self.configuration)
        try hub.startService()
        let process = try #require(hub.service?.processIdentifier)
        let english = try settledFrame(of: hub)

        let result = try hub.ctl(["config", "set", "display.language", "de"])
        #expect(result.status == 0, "\(result.error)\n\(hub.serviceLog)")
        #expect(result.output.contains("Saved display.language: de in \(hub.configFile)."))
        #expect(result.output.contains("On the panel after"))
        #expect(try String(contentsOfFile: hub.configFile, encoding: .utf8) == Self.configuration.replacing("language: en", with: "language: de"))
        #expect(try String(contentsOfFile: hub.configFile + ".previous", encoding: .utf8) == Self.configuration)
        #expect(try Data(contentsOf: URL(fileURLWithPath: hub.latestFrame)) != english)
        let status = try hub.ctl(["status", "--json"])
        #expect(status.output.contains(#""processID" : \#(process)"#), "\(status.output)")
        // The panel's settings did not change: the same controller goes on, the panel is not switched off.
        #expect(hub.serviceLog.components(separatedBy: "panel controller started").count == 2, "\(hub.serviceLog)")
        #expect(hub.serviceLog.contains("panel controller goes on"))
        #expect(!hub.serviceLog.contains("panel controller stopped"))

        let refused = try hub.ctl(["config", "set", "display.language", "klingon"])
        #expect(refused.status == 6)
        #expect(refused.error.contains("display.language"), "\(refused.error)")
        #expect(try String(contentsOfFile: hub.configFile, encoding: .utf8).contains("language: de   # the panel's words"))

        let unknown = try hub.ctl(["config", "set", "display.langage", "fr"])
        #expect(unknown.status == 6)
        #expect(unknown.error.contains("unknown key (did you mean `language`?)"), "\(unknown.error)")
        #expect(hub.stopService() == 0)
    }

    @Test("SIGHUP applies the file; a file with problems is logged, refused, and the service keeps running")
    func hangup() async throws {
        let hub = try HubSandbox(configuration: Self.configuration)
        try hub.startService()
        let service = try #require(hub.service)
        let english = try settledFrame(of: hub)

        try Self.configuration.replacing("language: en", with: "language: fr").write(toFile: hub.configFile, atomically: true, encoding: .utf8)
        kill(service.processIdentifier, SIGHUP)
        #expect(hub.notify.wait(for: "RELOADING=1"), "\(hub.serviceLog)")
        #expect(hub.notify.wait(for: "READY=1"), "\(hub.serviceLog)")
        let french = try Data(contentsOf: URL(fileURLWithPath: hub.latestFrame))
        #expect(french != english)

        try (Self.configuration + "\npanel:\n  rotation: 45\n").write(toFile: hub.configFile, atomically: true, encoding: .utf8)
        kill(service.processIdentifier, SIGHUP)
        try await waitUntil { hub.serviceLog.contains("SIGHUP: the configuration was not applied; the running one stays.") }
        #expect(hub.serviceLog.contains("panel.rotation"))
        #expect(service.isRunning)
        #expect(try hub.ctl(["config", "reload"]).error.contains("panel.rotation"))
        #expect(try hub.ctl(["status"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: hub.latestFrame)) == french)
        #expect(hub.stopService() == 0)
    }

    @Test("a panel that is not there: saved, not applied, and the service goes on with the configuration before")
    func missingPanel() async throws {
        let hub = try HubSandbox(configuration: Self.configuration)
        try hub.startService()
        let before = try settledFrame(of: hub)
        let result = try hub.ctl(["config", "set", "panel.model", "waveshare-2in13-v4"])
        #expect(result.status == 1, "\(result.output)\n\(result.error)")
        #expect(result.output.contains("Saved panel.model: waveshare-2in13-v4"))
        #expect(result.error.contains("could not start with the new configuration"), "\(result.error)")
        #expect(result.error.contains("spidev"), "the reason names the missing SPI device: \(result.error)")
        #expect(hub.service?.isRunning == true)
        #expect(try hub.ctl(["status"]).status == 0)
        #expect(try settledFrame(of: hub) == before, "the simulated panel shows what it showed")
        #expect(hub.serviceLog.contains("running with the one before it"))
        #expect(hub.stopService() == 0)
    }

    @Test("the web side stays open while a change is applied; a new port moves it")
    func webSideStaysOpen() async throws {
        let port = try MosquittoBroker.freePort()
        let hub = try HubSandbox(configuration: Self.configuration + "\nhttp:\n  address: 127.0.0.1\n  port: \(port)\n")
        try hub.startService()
        let browser = try KeepAliveClient(port: port)
        #expect(try await browser.get("/web.css").status == 200)
        #expect(try hub.ctl(["config", "set", "display.language", "de"]).status == 0)
        #expect(try await browser.get("/web.css").status == 200, "the browser's connection is still open and answered")

        let moved = try MosquittoBroker.freePort()
        let result = try hub.ctl(["config", "set", "http.port", "\(moved)"])
        #expect(result.status == 0, "\(result.error)")
        #expect(try await KeepAliveClient(port: moved).get("/web.css").status == 200)
        #expect(throws: KeepAliveClient.ConnectionClosed.self) { try KeepAliveClient(port: port) }
        #expect(hub.stopService() == 0)
    }

    @Test("with the service down the setting is saved, and the service starts with it")
    func serviceDown() async throws {
        let hub = try HubSandbox(configuration: Self.configuration)
        let result = try hub.ctl(["config", "set", "display.clock", "12h"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("The service is not running; it reads the file when it starts."))
        try hub.startService()
        let status = try hub.ctl(["status", "--json"])
        #expect(status.status == 0)
        #expect(hub.stopService() == 0)
        #expect(try String(contentsOfFile: hub.configFile, encoding: .utf8).hasSuffix("language: en   # the panel's words\n  clock: 12h"))
    }

    /// The frame once the first timeline replaced the placeholder.
    private func settledFrame(of hub: HubSandbox) throws -> Data {
        let result = try hub.ctl(["reload", "--wait"])
        #expect(result.status == 0, "\(result.error)")
        return try Data(contentsOf: URL(fileURLWithPath: hub.latestFrame))
    }
}
