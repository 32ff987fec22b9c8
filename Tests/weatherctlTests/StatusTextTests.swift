import Foundation
import HubControl
import Testing
import WeatherInfoKit
@testable import weatherctl

@Suite("weatherctl status: the weather lines")
struct StatusTextTests {
    /// Saturday 14 June 2025, 10:00 UTC.
    let now = Date(timeIntervalSince1970: 1_749_895_200)
    let london = Location(name: "London", countryCode: "GB")

    private func weatherLine(nextAllowedCall: Date, fault: WeatherFault? = nil) -> String {
        let text = render(WeatherServiceStatus(
            provider: "OpenWeatherMap", keySource: "environment", callsToday: 3, dailyCallLimit: 900,
            locations: [.init(location: london, fault: fault, lastSuccess: nil, consecutiveFailures: fault == nil ? 0 : 1, nextAllowedCall: nextAllowedCall)]))
        return text.split(separator: "\n").first { $0.contains("London, GB: ") }.map(String.init) ?? text
    }

    private func render(_ weather: WeatherServiceStatus) -> String {
        let status = ServiceStatus(
            service: ServiceIdentity(version: "test", processID: 1, started: now - 600), location: london, panel: nil, widgets: [],
            weather: weather, sensors: nil, web: nil, sharedDefaultsProblem: nil)
        return StatusText.render(status, now: now)
    }

    @Test("a provider's calls today against its limit; the demo data, which makes no calls, has no such line")
    func callsToday() {
        let owm = render(WeatherServiceStatus(provider: "OpenWeatherMap", keySource: "environment", callsToday: 3, dailyCallLimit: 900, locations: []))
        #expect(owm.contains("calls today 3 of 900"))
        let demo = render(WeatherServiceStatus(provider: "demo data (no network)", kind: .demo, keySource: nil, callsToday: 0, dailyCallLimit: 0, locations: []))
        #expect(demo.contains("demo data (no network)") && !demo.contains("calls today"), "\(demo)")
    }

    @Test("a call allowed since a while is due now, never a next call in the past")
    func pastNextCallIsDue() {
        #expect(weatherLine(nextAllowedCall: now - 60).hasSuffix("London, GB: no data yet; next call due now"))
    }

    @Test("a timed-out provider's line names the fault and the next call ahead")
    func timedOut() {
        let line = weatherLine(nextAllowedCall: now + 45, fault: .timedOut)
        #expect(line.hasSuffix(
            "London, GB: no data yet; last error: OpenWeatherMap did not answer in time (a stalled network, a captive portal, "
                + "a proxy holding the connection): the hub keeps the last good data and retries with growing pauses; check the network.; next call in 45 s"))
    }
}
