import Foundation
import Testing
import WeatherInfoKit

@Suite("fault texts")
struct WeatherFaultTests {
    private static let all: [WeatherFault] = [
        .keyMissing, .keyUnusable(APIKeyError(origin: "key file /k", reason: "Permission denied")),
        .keyNotActiveYet(since: Date(timeIntervalSince1970: 1_661_870_592)), .keyRefused, .oneCallNotSubscribed,
        .locationNotFound(name: "Xyzzyqq"), .rateLimited(until: nil), .dailyLimitReached(limit: 1000),
        .serverError(status: 503), .unexpectedStatus(status: 400, message: "wrong latitude"), .timedOut,
        .hostNotFound(host: "api.openweathermap.org"), .connectionRefused(host: "api.openweathermap.org"),
        .tlsFailure(detail: "certificate verify failed"), .responseCutOff, .responseTooLarge(limit: 1_048_576), .notJSON,
        .unexpectedJSON(detail: "missing main"), .insecureURL(url: "http://api.openweathermap.org"),
        .network(detail: "Connection reset by peer"), .cancelled,
    ]

    @Test("messages say what to do, and the key faults name the command that sets it")
    func messages() {
        #expect(Self.all.allSatisfy { $0.message(from: .openWeatherMap).count > 24 })
        #expect(WeatherFault.keyRefused.message(from: .openWeatherMap) == "OpenWeatherMap refused the API key (HTTP 401): check it at https://home.openweathermap.org/api_keys and set it with `weatherctl key set`.")
        for fault in [WeatherFault.keyMissing, .keyRefused, .keyNotActiveYet(since: Date(timeIntervalSince1970: 0))] {
            #expect(fault.message(from: .openWeatherMap).contains("weatherctl key set"))
        }
        #expect(WeatherFault.keyNotActiveYet(since: Date(timeIntervalSince1970: 1_661_870_592)).message(from: .openWeatherMap).contains("2022-08-30 14:43 UTC"))
        #expect(WeatherFault.rateLimited(until: Date(timeIntervalSince1970: 1_661_875_200)).message(from: .openWeatherMap).contains("until 2022-08-30 16:00 UTC"))
    }

    @Test("faults survive a round trip through JSON, for the control socket")
    func codable() throws {
        let decoded = try JSONDecoder().decode([WeatherFault].self, from: JSONEncoder().encode(Self.all))
        #expect(decoded == Self.all)
    }
}
