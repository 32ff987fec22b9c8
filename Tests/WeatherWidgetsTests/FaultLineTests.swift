import Foundation
import Testing
import WeatherInfoKit
import WeatherWidgets

/// The few words the panel writes beside stale data: one list per language, in the widgets' locales.
@Suite("Fault lines")
struct FaultLineTests {
    /// One fault of each case.
    static let faults: [WeatherFault] = [
        .keyMissing, .keyUnusable(APIKeyError(origin: "key file /k", reason: "Permission denied")),
        .keyNotActiveYet(since: Date(timeIntervalSince1970: 0)), .keyRefused, .oneCallNotSubscribed, .locationNotFound(name: "X"),
        .rateLimited(until: nil), .dailyLimitReached(limit: 1000), .serverError(status: 503),
        .unexpectedStatus(status: 400, message: "m"), .timedOut, .hostNotFound(host: "h"), .connectionRefused(host: "h"),
        .tlsFailure(detail: "d"), .responseCutOff, .responseTooLarge(limit: 1), .notJSON, .unexpectedJSON(detail: "d"),
        .insecureURL(url: "http://h"), .network(detail: "d"), .cancelled,
    ]

    @Test("each fault has its own short line in every language", arguments: PanelLanguage.allCases)
    func distinctLines(_ language: PanelLanguage) {
        let lines = Self.faults.map { $0.panelLine(in: language) }
        #expect(Set(lines).count == Self.faults.count)
        #expect(lines.allSatisfy { !$0.isEmpty && $0.count <= 32 })
    }

    @Test("English is the default, as `weatherctl status` writes it")
    func english() {
        #expect(WeatherFault.serverError(status: 503).panelLine() == "server error 503")
        #expect(WeatherFault.hostNotFound(host: "h").panelLine() == "offline (no DNS)")
    }
}
