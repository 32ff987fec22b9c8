import HubTestSupport
import Testing
@testable import WeatherInfoKit

/// libcurl is opened on the first transfer, by name; these load real libraries by other names to see
/// what a user without a usable libcurl is told.
@Suite("libcurl loaded on first use")
struct CurlLibraryTests {
    private static let missingName = "libcurl-weatherhub-absent.so.4"

    @Test("a library that is not installed fails with the loader's reason and the package to install")
    func missingLibrary() {
        let error = #expect(throws: TransportError.self) { try CurlLibrary.load(soname: Self.missingName) }
        #expect(
            error == .libraryUnavailable(
                reason: "libcurl-weatherhub-absent.so.4 could not be loaded (libcurl-weatherhub-absent.so.4: cannot open "
                    + "shared object file: No such file or directory): install the libcurl4 package (sudo apt install "
                    + "libcurl4; libcurl4t64 on Debian 13); the next fetch loads it, no restart needed."))
    }

    @Test("a library without libcurl's functions is named with the first function it lacks")
    func libraryWithoutTheFunctions() {
        let error = #expect(throws: TransportError.self) { try CurlLibrary.load(soname: "libm.so.6") }
        guard case .libraryUnavailable(let reason)? = error else {
            Issue.record("expected libraryUnavailable, got \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("libm.so.6 has no curl_global_init: it is not libcurl, or a libcurl too old"))
        #expect(reason.contains("7.85 or later"))
        #expect(reason.contains("sudo apt install libcurl4"))
    }

    @Test("a failed load is not remembered: the system's libcurl loads next, and a transfer goes through")
    func failureIsNotRemembered() async throws {
        #expect(throws: TransportError.self) { try CurlLibrary.load(soname: Self.missingName) }
        try CurlLibrary.load(soname: CurlLibrary.soname)
        try await HTTPTestServer.withRunningServer(handler: { _ in .json("{}") }) { server in
            let transport = CurlTransport(configuration: CurlTransport.Configuration(allowsPlainHTTP: true))
            let response = try await transport.send(HTTPRequest(url: server.baseURL + "/"))
            #expect(response.status == 200)
        }
    }
}
