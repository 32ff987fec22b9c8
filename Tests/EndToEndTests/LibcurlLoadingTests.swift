import Foundation
import HubTestSupport
import Testing

/// libcurl (and the TLS, LDAP, SSH… libraries it pulls in) is loaded by the first transfer, not by the
/// dynamic loader at start: a hub that never fetches never maps it, and one without a usable libcurl
/// keeps running and says which package to install.
@Suite("libcurl loaded on the first fetch")
struct LibcurlLoadingTests {
    @Test("neither executable makes the loader map libcurl at start")
    func noLibcurlAtStart() async throws {
        for name in ["weatherhub", "weatherctl"] {
            let libraries = try await Self.librariesLoadedAtStart(of: HubSandbox.binaries.appendingPathComponent(name))
            #expect(libraries.contains("libc.so.6"), "\(libraries)")
            #expect(!libraries.contains("libcurl"), "\(name) needs libcurl at start:\n\(libraries)")
        }
    }

    @Test("the hub on demo weather never maps libcurl")
    func demoHub() throws {
        let hub = try HubSandbox(configuration: "provider:\n  demo: true\n")
        try hub.startService()
        #expect(try hub.ctl(["reload", "--wait"]).status == 0)
        let map = hub.serviceMemoryMap
        #expect(map.contains("libc.so.6"))
        #expect(!map.contains("libcurl"), "\(map)")
        #expect(hub.stopService() == 0)
    }

    @Test("the hub fetching from OpenWeatherMap maps libcurl once it has fetched")
    func fetchingHub() async throws {
        try await OpenWeatherMapTestServer.withRunningServer { server in
            server.addCity(LoopbackWeather.lyon, at: Date())
            let hub = try HubSandbox(configuration: LoopbackWeather.configuration(baseURL: server.baseURL))
            try hub.startService()
            #expect(try hub.ctl(["reload", "--wait"]).status == 0)
            #expect(server.requests.contains { $0.path == "/data/2.5/weather" }, "\(hub.serviceLog)")
            #expect(hub.serviceMemoryMap.contains("/libcurl.so.4"))
            #expect(hub.stopService() == 0)
        }
    }

    @Test("without a loadable libcurl the hub keeps running and weatherctl says which package to install")
    func unloadableLibcurl() async throws {
        try await OpenWeatherMapTestServer.withRunningServer { server in
            server.addCity(LoopbackWeather.lyon, at: Date())
            let hub = try HubSandbox(configuration: LoopbackWeather.configuration(baseURL: server.baseURL))
            // The loader looks in LD_LIBRARY_PATH first, finds this file and refuses it.
            let libraries = hub.directory + "/lib"
            try FileManager.default.createDirectory(atPath: libraries, withIntermediateDirectories: true)
            try "not a shared library\n".write(toFile: libraries + "/libcurl.so.4", atomically: true, encoding: .utf8)
            let brokenLibcurl = ["LD_LIBRARY_PATH": libraries]
            let advice = "install the libcurl4 package (sudo apt install libcurl4; libcurl4t64 on Debian 13)"

            try hub.startService(extraEnvironment: brokenLibcurl)
            #expect(try hub.ctl(["reload", "--wait"]).status == 0)
            let status = try hub.ctl(["status"])
            #expect(status.output.contains("last error: libcurl.so.4 could not be loaded (\(libraries)/libcurl.so.4: "), "\(status.output)")
            #expect(status.output.contains(advice), "\(status.output)")
            #expect(hub.serviceLog.contains(advice))
            #expect(server.requests.isEmpty)
            #expect(hub.stopService() == 0)

            let search = try hub.ctl(["city", "search", "Lyon"], extraEnvironment: brokenLibcurl)
            #expect(search.status != 0)
            #expect(search.error.contains("libcurl.so.4 could not be loaded"), "\(search.error)")
            #expect(search.error.contains(advice), "\(search.error)")
            #expect(try hub.ctl(["city", "search", "Lyon"]).output.contains("Lyon"))
        }
    }

    /// The libraries the dynamic loader maps before `main`, as `ldd` (glibc's own loader in tracing
    /// mode) lists them.
    private static func librariesLoadedAtStart(of executable: URL) async throws -> String {
        try await MosquittoBrokerCommand.run("/usr/bin/ldd", [executable.path]).standardOutput
    }
}
