import Foundation
import HubTestSupport
import Testing
import WeatherInfoKit

/// The documented and real OpenWeatherMap bodies (Fixtures/), served on loopback and read by the service:
/// every shape issue 3 lists decodes into the models without a fault.
@Suite("reading OpenWeatherMap bodies")
struct OpenWeatherMapDecodingTests {
    /// Serves these bodies for Zocca and returns the service's report.
    private func report(
        current: String? = nil, forecast: String? = nil, plan: OpenWeatherMapConfiguration.Plan = .freeEndpoints
    ) async throws -> WeatherReport {
        try await ServiceHarness.run(oneCallKeys: [OpenWeatherMapTestServer.validKey]) { harness in
            if let current { harness.server.setCurrentWeather(.json(current), forCity: "Zocca") }
            if let forecast { harness.server.setForecast(.json(forecast), forCity: "Zocca") }
            return await harness.service(plan: plan).weather(for: ServiceHarness.zocca, force: false)
        }
    }

    @Test("reads the documented current-weather example")
    func documentedCurrentWeather() async throws {
        let report = try await report(current: try Fixture.text("current_weather_doc_zocca_standard.json"))
        #expect(report.fault == nil)
        let current = try #require(report.current)
        #expect(current.units == .standard)
        #expect(current.fetchedAt == ServiceHarness.start)
        let value = current.value
        #expect(value.observedAt == Date(timeIntervalSince1970: 1_661_870_592))
        #expect(value.temperature == 298.48)
        #expect(value.feelsLike == 298.74)
        #expect(value.humidity == 64)
        #expect(value.pressure == 1015)
        #expect(value.wind == Wind(speed: 0.62, gust: 1.18, direction: 349))
        #expect(value.visibility == 10_000)
        #expect(value.cloudiness == 100)
        #expect(value.rainLastHour == 3.16)
        #expect(value.snowLastHour == nil)
        #expect(value.sunrise == Date(timeIntervalSince1970: 1_661_834_187))
        #expect(value.sunset == Date(timeIntervalSince1970: 1_661_882_248))
        #expect(value.utcOffsetSeconds == 7200)
        #expect(value.conditions == [WeatherCondition(id: 501, main: "Rain", description: "moderate rain", iconCode: "10d", isDaytime: true)])
    }

    @Test("reads a real London answer: a night icon, no gust, no rain")
    func realLondon() async throws {
        let value = try #require(try await report(current: try Fixture.text("current_weather_real_london_2020.json")).current?.value)
        #expect(value.condition?.isDaytime == false)
        #expect(value.condition?.iconCode == "01n")
        #expect(value.wind.gust == nil)
        #expect(value.rainLastHour == nil)
        #expect(value.utcOffsetSeconds == 3600)
    }

    @Test("reads a legacy body without feels_like, timezone, visibility, gust, rain or snow")
    func optionalFieldsAbsent() async throws {
        let legacy = """
            {"coord":{"lon":-0.13,"lat":51.51},"weather":[{"id":800,"main":"Clear","description":"clear sky","icon":"01n"}],
             "main":{"temp":282.61,"pressure":1018,"humidity":76},"wind":{"speed":3.6},"clouds":{"all":1},
             "dt":1587089083,"sys":{"country":"GB","sunrise":1587099571,"sunset":1587150003},"name":"London","cod":200}
            """
        let report = try await report(current: legacy)
        #expect(report.fault == nil)
        let value = try #require(report.current?.value)
        #expect(value.feelsLike == nil)
        #expect(value.utcOffsetSeconds == nil)
        #expect(value.visibility == nil)
        #expect(value.wind == Wind(speed: 3.6, gust: nil, direction: nil))
        #expect(value.rainLastHour == nil && value.snowLastHour == nil)
    }

    @Test("keeps every condition of weather[], the main one first")
    func severalConditions() async throws {
        let body = try Fixture.text("current_weather_doc_zocca_standard.json").replacingOccurrences(
            of: #""weather": ["#, with: #""weather": [{"id": 701, "main": "Mist", "description": "mist", "icon": "50d"}, "#)
        let value = try #require(try await report(current: body).current?.value)
        #expect(value.conditions.map(\.id) == [701, 501])
        #expect(value.condition?.main == "Mist")
    }

    @Test("reads cod as a number or as a string in success bodies")
    func codNumberOrString() async throws {
        let current = try Fixture.text("current_weather_doc_zocca_standard.json").replacingOccurrences(of: #""cod": 200"#, with: #""cod": "200""#)
        let forecast = try Fixture.text("forecast5_doc_excerpt_zocca_standard.json").replacingOccurrences(of: #""cod": "200""#, with: #""cod": 200"#)
        #expect(current.contains(#""cod": "200""#) && forecast.contains(#""cod": 200"#))
        let report = try await report(current: current, forecast: forecast)
        #expect(report.fault == nil)
        #expect(report.current != nil && report.forecast != nil)
    }

    @Test("reads the forecast list as long as it is, whatever cnt says")
    func shortForecastList() async throws {
        let report = try await report(forecast: try Fixture.text("forecast5_doc_excerpt_zocca_standard.json"))
        #expect(report.fault == nil)
        let forecast = try #require(report.forecast?.value)
        #expect(forecast.slots.count == 4)
        #expect(forecast.slotHours == 3)
        #expect(forecast.utcOffsetSeconds == 7200)
        #expect(forecast.isUTCOffsetEstimated == false)
        let first = forecast.slots[0]
        #expect(first.time == Date(timeIntervalSince1970: 1_661_871_600))
        #expect(first.temperature == 296.76)
        #expect(first.precipitationChance == 0.32)
        #expect(first.rainAmount == 0.26)
        #expect(forecast.slots[3].rainAmount == nil)
        #expect(forecast.slots[1].condition?.isDaytime == false)
    }

    @Test("groups the documented forecast by Zocca's local date")
    func documentedForecastDays() async throws {
        let forecast = try #require(try await report(forecast: try Fixture.text("forecast5_doc_excerpt_zocca_standard.json")).forecast?.value)
        #expect(forecast.days.map(\.date) == [LocalDate(year: 2022, month: 8, day: 30), LocalDate(year: 2022, month: 9, day: 4)])
        let first = forecast.days[0]
        #expect(first.high == 296.76)
        #expect(first.low == 292.46)
        #expect(first.precipitationChance == 0.7)
        #expect(abs(first.rainAmount - 1.32) < 1e-9)
        #expect(first.condition?.id == 500)
        #expect(first.condition?.iconCode == "10d")
        #expect(first.coveredHours == 9)
    }

    @Test("estimates the UTC offset from the longitude when the forecast has none")
    func forecastWithoutTimezone() async throws {
        let body = try Fixture.text("forecast5_doc_excerpt_zocca_standard.json").replacingOccurrences(of: "\"timezone\": 7200,", with: "")
        #expect(!body.contains("timezone"))
        let forecast = try #require(try await report(forecast: body).forecast?.value)
        #expect(forecast.utcOffsetSeconds == 3600)
        #expect(forecast.isUTCOffsetEstimated)
    }

    @Test("reads the One Call example: current, hourly slots and its own days")
    func documentedOneCall() async throws {
        let body = try Fixture.text("onecall3_doc_example_standard.json")
        let report = try await ServiceHarness.run(oneCallKeys: [OpenWeatherMapTestServer.validKey]) { harness in
            harness.server.setOneCall(.json(body), forCity: "Zocca")
            return await harness.service(plan: .oneCall).weather(for: ServiceHarness.zocca, force: false)
        }
        #expect(report.fault == nil)
        let current = try #require(report.current?.value)
        #expect(current.temperature == 292.55)
        #expect(current.wind == Wind(speed: 3.13, gust: 6.71, direction: 93))
        #expect(current.cloudiness == 53)
        #expect(current.utcOffsetSeconds == -18_000)
        let forecast = try #require(report.forecast?.value)
        #expect(forecast.slotHours == 1)
        #expect(forecast.slots.map(\.precipitationChance) == [0.15])
        #expect(forecast.days.count == 1)
        let day = forecast.days[0]
        #expect(day.date == LocalDate(year: 2023, month: 5, day: 24))
        #expect(day.high == 300.35 && day.low == 290.69)
        #expect(day.rainAmount == 0.15 && day.precipitationChance == 0.47)
        #expect(day.condition?.id == 500)
        #expect(current.uvIndex == 0.16)
        #expect(forecast.slots.map(\.uvIndex) == [0])
        #expect(forecast.slots.map(\.pressure) == [1014])
        #expect(day.uvIndexMax == 9.23)
        #expect(day.sunrise == Date(timeIntervalSince1970: 1_684_926_645))
        #expect(day.sunset == Date(timeIntervalSince1970: 1_684_977_332))
        let alert = try #require(forecast.alerts.first)
        #expect(forecast.alerts.count == 1)
        #expect(alert.event == "Small Craft Advisory")
        #expect(alert.sender == "NWS Philadelphia - Mount Holly (New Jersey, Delaware, Southeastern Pennsylvania)")
        #expect(alert.start == Date(timeIntervalSince1970: 1_684_952_747))
        #expect(alert.end == Date(timeIntervalSince1970: 1_684_988_747))
        #expect(alert.description.hasPrefix("...SMALL CRAFT ADVISORY"))
        #expect(report.pressureLog.observations == [PressureLog.Observation(time: current.observedAt, hectopascals: 1014)])
    }

    @Test("One Call without alerts, or with an alert that ends before it starts, has none to show")
    func oneCallWithoutAlerts() async throws {
        let body = try Fixture.text("onecall3_doc_example_standard.json")
        let withoutAlerts = try #require(body.range(of: "\"alerts\""))
        let trimmed = String(body[..<withoutAlerts.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
        let noAlerts = String(trimmed.dropLast()) + "}"
        let backwards = body.replacingOccurrences(of: "\"end\": 1684988747", with: "\"end\": 1684952000")
        #expect(backwards != body)
        for variant in [noAlerts, backwards] {
            let report = try await ServiceHarness.run(oneCallKeys: [OpenWeatherMapTestServer.validKey]) { harness in
                harness.server.setOneCall(.json(variant), forCity: "Zocca")
                return await harness.service(plan: .oneCall).weather(for: ServiceHarness.zocca, force: false)
            }
            #expect(report.fault == nil)
            #expect(report.forecast?.value.alerts == [])
        }
    }

    @Test("the free forecast carries each step's pressure; the current weather has no UV index")
    func freePressureAndNoUV() async throws {
        let body = try Fixture.text("forecast5_doc_excerpt_zocca_standard.json")
        let report = try await report(forecast: body)
        #expect(report.forecast?.value.slots.first?.pressure == 1015)
        #expect(report.current?.value.uvIndex == nil)
        #expect(report.forecast?.value.days.allSatisfy { $0.uvIndexMax == nil && $0.sunrise == nil } == true)
    }

    @Test("lists geocoding candidates with country and state")
    func geocodingCandidates() async throws {
        let body = try Fixture.text("geocoding_direct_london_limit5_doc.json")
        let candidates = try await ServiceHarness.run { harness in
            harness.server.setGeocoding(.json(body), forQuery: "London")
            return try await harness.service().locations(matching: "London")
        }
        #expect(candidates.map(\.displayName) == ["London, GB", "London, CA", "London, OH, US", "London, KY, US", "London, CA, US"])
        #expect(candidates[0].coordinates == Coordinates(latitude: 51.5085, longitude: -0.1257))
    }

    @Test("names geocoding candidates in the configured language when the geocoder knows the name")
    func geocodingLocalNames() async throws {
        let body = try Fixture.text("geocoding_direct_london_limit5_doc.json")
        let candidates = try await ServiceHarness.run { harness in
            harness.server.setGeocoding(.json(body), forQuery: "London")
            return try await harness.service(language: "fr").locations(matching: "London")
        }
        // Only the first candidate has a French name; the Californian one's "Londres" is Catalan ("ca").
        #expect(candidates.map(\.name) == ["Londres", "London", "London", "London", "London"])
    }

    @Test("an unknown name gives no candidates, not a fault")
    func geocodingNotFound() async throws {
        let body = try Fixture.text("geocoding_direct_not_found.json")
        let candidates = try await ServiceHarness.run { harness in
            harness.server.setGeocoding(.json(body), forQuery: "Xyzzyqq")
            return try await harness.service().locations(matching: "Xyzzyqq")
        }
        #expect(candidates.isEmpty)
    }

    @Test("tells Paris, France from Paris, Texas and fetches each by its coordinates")
    func twoParis() async throws {
        try await ServiceHarness.run { harness in
            harness.server.addCity(ServiceHarness.parisFrance, at: ServiceHarness.start)
            harness.server.addCity(ServiceHarness.parisTexas, at: ServiceHarness.start)
            let service = harness.service()
            let candidates = try await service.locations(matching: "Paris")
            #expect(candidates.map(\.displayName) == ["Paris, FR", "Paris, TX, US"])
            let texan = try #require(candidates.last)
            let report = await service.weather(for: texan, force: false)
            #expect(report.current?.value.utcOffsetSeconds == -18_000)
            let request = try #require(harness.requests(to: "/data/2.5/weather").last)
            #expect(request.queryValue("lat") == "33.6609" && request.queryValue("lon") == "-95.5555")
        }
    }
}
