import Foundation
import HubTestSupport
import Testing
import WeatherInfoKit

/// Open-Meteo answers written from its documentation, served on loopback and read by the service: the
/// current conditions, the hourly steps and Open-Meteo's own days, in each unit system, at the place's
/// local dates.
@Suite("reading Open-Meteo answers")
struct OpenMeteoDecodingTests {
    @Test("reads a forecast answer written from the documentation")
    func documentedForecast() async throws {
        let report = try await OpenMeteoHarness.run { harness in
            harness.server.setForecast(.json(try Fixture.text("openmeteo_forecast_synth_berlin_metric.json")), forPlace: "Berlin")
            return await harness.service().weather(for: OpenMeteoHarness.berlin, force: false)
        }
        #expect(report.fault == nil)
        #expect(report.provider == .openMeteo)
        let current = try #require(report.current)
        #expect(current.units == .metric)
        #expect(current.fetchedAt == ServiceHarness.start)
        let value = current.value
        #expect(value.observedAt == Date(timeIntervalSince1970: 1_656_679_500))
        #expect(value.temperature == 24.3)
        #expect(value.feelsLike == 23.9)
        #expect(value.humidity == 48)
        #expect(value.pressure == 1013)
        #expect(value.wind == Wind(speed: 4.2, gust: 9.8, direction: 254))
        #expect(value.visibility == nil)
        #expect(value.cloudiness == 62)
        #expect(value.conditions == [WeatherCondition(id: 520, main: "Rain", description: "slight rain showers", iconCode: "09d", isDaytime: true)])
        // The hour holding the observation: its rain and showers, and its UV index.
        #expect(abs((value.rainLastHour ?? 0) - 0.7) < 1e-9)
        #expect(value.snowLastHour == nil)
        #expect(value.uvIndex == 5.15)
        #expect(value.sunrise == Date(timeIntervalSince1970: 1_656_643_560))
        #expect(value.sunset == Date(timeIntervalSince1970: 1_656_703_980))
        #expect(value.utcOffsetSeconds == 7200)

        let forecast = try #require(report.forecast?.value)
        #expect(forecast.slotHours == 1)
        #expect(forecast.utcOffsetSeconds == 7200)
        #expect(!forecast.isUTCOffsetEstimated)
        #expect(forecast.alerts.isEmpty)
        #expect(forecast.slots.map(\.time) == [1_656_676_800, 1_656_680_400, 1_656_684_000].map { Date(timeIntervalSince1970: $0) })
        #expect(forecast.slots.map(\.temperature) == [24.0, 24.6, 23.1])
        #expect(forecast.slots.map(\.precipitationChance) == [0.45, 0.2, 0.7])
        #expect(forecast.slots.map(\.rainAmount) == [0.7, nil, 4.3])
        #expect(forecast.slots.map(\.pressure) == [1012.8, 1012.4, 1011.9])
        #expect(forecast.slots.map(\.uvIndex) == [5.15, 4.3, nil])
        #expect(forecast.slots.map { $0.condition?.id } == [520, 804, 201])

        #expect(forecast.days.map(\.date) == [LocalDate(year: 2022, month: 7, day: 1), LocalDate(year: 2022, month: 7, day: 2)])
        let first = forecast.days[0]
        #expect(first.high == 26.1 && first.low == 15.2)
        #expect(first.condition == WeatherCondition(id: 201, main: "Thunderstorm", description: "thunderstorm", iconCode: "11d", isDaytime: true))
        #expect(first.precipitationChance == 0.7)
        #expect(abs(first.rainAmount - 7.3) < 1e-9)
        #expect(first.snowAmount == 0)
        #expect(first.coveredHours == 24)
        #expect(first.uvIndexMax == 6.05)
        #expect(first.sunrise == Date(timeIntervalSince1970: 1_656_643_560))
        #expect(first.sunset == Date(timeIntervalSince1970: 1_656_703_980))
        // 0.7 cm of snow is 1 mm of water.
        #expect(abs(forecast.days[1].snowAmount - 1) < 1e-9)
    }

    @Test("asks in the configured units and reads the answer in them; Kelvin is computed from °C", arguments: [
        (Units.metric, 18.5, 3.6), (.imperial, 65.3, 8.1), (.standard, 291.65, 3.6),
    ])
    func units(units: Units, temperature: Double, wind: Double) async throws {
        try await OpenMeteoHarness.run { harness in
            let report = await harness.service(units: units).weather(for: OpenMeteoHarness.berlin, force: false)
            #expect(report.fault == nil)
            #expect(report.current?.units == units)
            #expect(report.current?.value.temperature == temperature)
            #expect(report.current?.value.wind.speed == wind)
            let request = try #require(harness.server.requests(to: "/v1/forecast").first)
            #expect(request.queryValue("temperature_unit") == (units == .imperial ? "fahrenheit" : "celsius"))
            #expect(request.queryValue("wind_speed_unit") == (units == .imperial ? "mph" : "ms"))
            #expect(request.queryValue("precipitation_unit") == "mm")
        }
    }

    @Test("an answer in other units than asked is refused, naming the unit")
    func unitMismatch() async throws {
        try await OpenMeteoHarness.run { harness in
            let fahrenheit = OpenMeteoTestBodies.forecast(
                OpenMeteoTestServer.Place.berlin, at: ServiceHarness.start, units: OpenMeteoTestBodies.Units(fahrenheit: true))
            harness.server.setForecast(.json(fahrenheit), forPlace: "Berlin")
            let report = await harness.service().weather(for: OpenMeteoHarness.berlin, force: false)
            #expect(report.fault == .unexpectedJSON(detail: #"current_units.apparent_temperature is "°F", expected "°C""#))
            #expect(!report.hasData)
        }
    }

    @Test(
        "the five-day row starts on the place's local date, also half and three quarters of an hour off UTC",
        arguments: [
            // 00:05 on the 31st in Kathmandu (UTC+5:45), still the 30th in UTC.
            (OpenMeteoTestServer.Place.kathmandu, Date(timeIntervalSince1970: 1_661_883_600), LocalDate(year: 2022, month: 8, day: 31)),
            // 22:30 on the 30th in the Marquesas (UTC−9:30), already the 31st in UTC.
            (OpenMeteoTestServer.Place.taiohae, Date(timeIntervalSince1970: 1_661_932_800), LocalDate(year: 2022, month: 8, day: 30)),
            // 00:30 on the 31st in Berlin (UTC+2).
            (OpenMeteoTestServer.Place.berlin, Date(timeIntervalSince1970: 1_661_898_600), LocalDate(year: 2022, month: 8, day: 31)),
        ])
    func localDates(place: OpenMeteoTestServer.Place, now: Date, today: LocalDate) async throws {
        try await OpenMeteoHarness.run(start: now) { harness in
            let report = await harness.service().weather(for: OpenMeteoHarness.location(place), force: false)
            let forecast = try #require(report.forecast?.value)
            #expect(forecast.utcOffsetSeconds == place.utcOffsetSeconds)
            #expect(forecast.localDate(at: now) == today)
            #expect(forecast.days(from: now).prefix(5).map(\.date) == (0..<5).map { today.adding(days: $0) })
            #expect(forecast.day(daysFromNow: 4, at: now)?.date == today.adding(days: 4))
            // Hourly steps fall on the place's full hours.
            #expect(forecast.slots.allSatisfy { (Int($0.time.timeIntervalSince1970) + place.utcOffsetSeconds) % 3600 == 0 })
            #expect(forecast.nextSlots(after: now, limit: 1).first.map { $0.time > now } == true)
            #expect(report.current?.value.utcOffsetSeconds == place.utcOffsetSeconds)
        }
    }

    @Test("night conditions get night icons, days are drawn with day icons")
    func dayAndNight() async throws {
        // 20:28 in Kathmandu: night there.
        let report = try await OpenMeteoHarness.run { harness in
            await harness.service().weather(for: OpenMeteoHarness.location(OpenMeteoTestServer.Place.kathmandu), force: false)
        }
        let condition = try #require(report.current?.value.condition)
        #expect(condition == WeatherCondition(id: 802, main: "Clouds", description: "partly cloudy", iconCode: "03n", isDaytime: false))
        #expect(report.forecast?.value.days.allSatisfy { $0.condition?.isDaytime == true } == true)
        #expect(report.forecast?.value.slots.contains { $0.condition?.isDaytime == false } == true)
    }

    @Test("snow is read as its water equivalent, and rain includes showers")
    func amounts() async throws {
        let days = try await OpenMeteoHarness.run { harness in
            await harness.service().weather(for: OpenMeteoHarness.berlin, force: false).forecast?.value.days ?? []
        }
        try #require(days.count == 6)
        #expect(abs(days[0].rainAmount - 5.2) < 1e-9)
        #expect(abs(days[3].snowAmount - 4) < 1e-9)
        #expect(days[3].isMostlySnow)
        #expect(days.map { $0.condition?.id } == [500, 202, 800, 600, 804, 802])
    }

    @Test("the past hours in the answer seed the pressure log, so the first fetch already has a 3-hour change")
    func pressureFromPastHours() async throws {
        let report = try await OpenMeteoHarness.run { harness in
            await harness.service().weather(for: OpenMeteoHarness.berlin, force: false)
        }
        let log = report.pressureLog
        // 08:00 to 14:00 UTC and the observation at 14:30; 08:00 is past the log's six hours.
        #expect(log.observations.count == 7)
        #expect(log.observations.last == PressureLog.Observation(time: report.current!.value.observedAt, hectopascals: 1015))
        let change = try #require(log.change(over: 3 * 3600))
        #expect(change.hectopascals == -2)
        // Past-hour slots are not forecast: the forecast starts at the hour holding the observation.
        #expect(report.forecast?.value.slots.first?.time == Date(timeIntervalSince1970: 1_661_868_000))
    }
}
