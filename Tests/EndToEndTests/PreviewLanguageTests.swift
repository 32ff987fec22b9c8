import Foundation
import Testing

/// `weatherctl preview --language` shows what the panel would in that language: the providers'
/// descriptions too, not only the hub's own words around them.
@Suite("The preview's language end to end")
struct PreviewLanguageTests {
    /// The demo's frame as `weatherctl preview` draws it, with `arguments` and `environment`.
    private func preview(_ hub: HubSandbox, _ arguments: [String], environment: [String: String] = [:]) throws -> Data {
        let out = hub.directory + "/preview-\(UUID().uuidString.prefix(8)).png"
        let result = try hub.ctl(["preview", "--family", "medium", "--size", "296x128", "--out", out] + arguments, extraEnvironment: environment)
        #expect(result.status == 0, "\(result.error)")
        return try Data(contentsOf: URL(fileURLWithPath: out))
    }

    @Test("--language de draws the frame a panel with display.language: de draws, the condition in German too", arguments: ["de", "pl", "fr"])
    func previewSpeaksThePanelsLanguage(code: String) throws {
        let hub = try HubSandbox(configuration: "provider:\n  source: demo\n")
        // The panel's language as the service reads it: `display.language`, here through its override.
        let configured = ["WEATHERHUB_DISPLAY__LANGUAGE": code]
        // The demo and the clock move with the time: a pair counts only when the flag's frame is the same
        // before and after the configured one, so nothing moved in between.
        for _ in 0..<3 {
            let before = try preview(hub, ["--language", code])
            let panel = try preview(hub, [], environment: configured)
            guard before == (try preview(hub, ["--language", code])) else { continue }
            #expect(before == panel, "`preview --language \(code)` differs from the panel with display.language: \(code)")
            return
        }
        Issue.record("the preview changed between every pair of runs")
    }
}
