public import FoundationEssentials
public import HubSystem

/// Built-in, realistic weather without network or key: for `weatherhub --demo`, previews and golden
/// tests. The report is made relative to the injected clock, so it always looks current, and is the same
/// for the same now and seed. Any place asked for gets the demo's weather under its own name (varied by
/// the name, so a city change shows on the panel), in one zone (the hub passes its own, so the demo panel
/// shows one clock); the forecast has 40 three-hourly slots over five days with varied conditions.
public struct DemoWeatherSource: WeatherSource {
    /// The demo's place.
    public static let city = Location(
        name: "Lyon", countryCode: "FR", coordinates: Coordinates(latitude: 45.7578, longitude: 4.832))
    /// The zone of the demo's places unless one is given: UTC+1 all year, no DST.
    public static let defaultTimeZone = TimeZoneRules(secondsFromUTC: 3600)
    /// How often the demo "fetches": reports within one such period are identical.
    public static let refreshInterval: Duration = .seconds(600)

    /// Places `locations(matching:)` knows, including two that share a name.
    static let places: [Location] = [
        city,
        Location(name: "Paris", countryCode: "FR", coordinates: Coordinates(latitude: 48.8589, longitude: 2.32)),
        Location(name: "Paris", countryCode: "US", state: "TX", coordinates: Coordinates(latitude: 33.6609, longitude: -95.5555)),
        Location(name: "Kathmandu", countryCode: "NP", coordinates: Coordinates(latitude: 27.7083, longitude: 85.3206)),
        Location(name: "Nuku'alofa", countryCode: "TO", coordinates: Coordinates(latitude: -21.1393, longitude: -175.2049)),
        Location(name: "Taiohae", countryCode: "PF", coordinates: Coordinates(latitude: -8.9115, longitude: -140.0991)),
        Location(name: "Zürich", countryCode: "CH", coordinates: Coordinates(latitude: 47.3744, longitude: 8.541)),
    ]

    public let seed: UInt64
    public let units: Units
    /// The language of condition descriptions (a provider language code such as "de"); English when `nil`.
    public let language: String?
    /// The zone every place's clock is in.
    public let timeZone: TimeZoneRules
    private let now: @Sendable () -> Date

    public init(
        seed: UInt64 = 1, units: Units = .metric, language: String? = nil, timeZone: TimeZoneRules = defaultTimeZone,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.seed = seed
        self.units = units
        self.language = language
        self.timeZone = timeZone
        self.now = now
    }

    public func weather(for location: Location, force: Bool) -> WeatherReport {
        report(at: now(), for: location)
    }

    public func cachedWeather(for location: Location) -> WeatherReport {
        report(at: now(), for: location)
    }

    public func nextRefreshDate(for location: Location) -> Date {
        fetchTime(for: now()) + Self.refreshInterval
    }

    public func locations(matching name: String) -> [Location] {
        let wanted = name.lowercased().split(separator: ",").first.map { $0.trimmedWhitespace } ?? ""
        return Array(Self.places.filter { $0.name.lowercased().hasPrefix(wanted) }.prefix(5))
    }

    public func status() -> WeatherServiceStatus {
        WeatherServiceStatus(provider: "demo data (no network)", kind: .demo, keySource: nil, callsToday: 0, dailyCallLimit: 0, locations: [])
    }

    /// The report the demo gives at `now`: current conditions as of the last 10-minute boundary and 40
    /// three-hourly slots from the next 3-hour boundary (UTC), as `/data/2.5/forecast` has them.
    public func report(at now: Date, for location: Location = city) -> WeatherReport {
        let fetchedAt = fetchTime(for: now)
        let placeSeed = location == Self.city ? seed : seed &+ FNV1a.hash64(location.name)
        let offset = timeZone.secondsFromUTC(at: fetchedAt)
        let model = DemoWeatherModel(seed: placeSeed, utcOffsetSeconds: offset, language: language)
        let firstSlot = (Int(fetchedAt.timeIntervalSince1970) / 10_800 + 1) * 10_800
        let slots = (0..<40).map { index in
            let time = Date(timeIntervalSince1970: Double(firstSlot + index * 10_800))
            return slot(model.sample(at: time), at: time)
        }
        let today = LocalDate(containing: fetchedAt, utcOffsetSeconds: offset)
        let alerts = (0..<5).compactMap { model.alert(on: today.adding(days: $0)) }.filter { $0.end > fetchedAt }
        var forecast = Forecast(slots: slots, slotHours: 3, utcOffsetSeconds: offset, alerts: alerts)
        for index in forecast.days.indices {
            let sun = model.sunTimes(on: forecast.days[index].date.start(utcOffsetSeconds: offset))
            forecast.days[index].sunrise = sun.sunrise
            forecast.days[index].sunset = sun.sunset
        }
        return WeatherReport(
            location: location,
            current: Fetched(value: current(model, at: fetchedAt), fetchedAt: fetchedAt, units: units),
            forecast: Fetched(value: forecast, fetchedAt: fetchedAt, units: units),
            pressureLog: pressureLog(model, until: fetchedAt),
            fault: nil,
            nextRefreshDate: fetchedAt + Self.refreshInterval,
            provider: .demo)
    }

    private func fetchTime(for now: Date) -> Date {
        let interval = Self.refreshInterval.timeInterval
        return Date(timeIntervalSince1970: (now.timeIntervalSince1970 / interval).rounded(.down) * interval)
    }

    private func current(_ model: DemoWeatherModel, at time: Date) -> CurrentConditions {
        let sample = model.sample(at: time)
        let sun = model.sunTimes(on: time)
        return CurrentConditions(
            observedAt: time.addingTimeInterval(-240),
            temperature: temperature(sample.temperature),
            feelsLike: temperature(sample.feelsLike),
            humidity: sample.humidity,
            pressure: Int(sample.pressure.rounded()),
            wind: Wind(speed: speed(sample.wind), gust: speed(sample.gust), direction: sample.direction),
            visibility: sample.condition.group == .atmosphere ? 2500 : 10_000,
            cloudiness: sample.cloudiness,
            conditions: [sample.condition],
            rainLastHour: sample.isSnow || sample.precipitationRate == 0 ? nil : sample.precipitationRate,
            snowLastHour: sample.isSnow ? sample.precipitationRate : nil,
            sunrise: sun.sunrise,
            sunset: sun.sunset,
            utcOffsetSeconds: model.utcOffsetSeconds,
            uvIndex: sample.uvIndex)
    }

    /// What the hub would have logged fetching every 10 minutes over the last four hours.
    private func pressureLog(_ model: DemoWeatherModel, until time: Date) -> PressureLog {
        let interval = Self.refreshInterval.timeInterval
        return (0...24).reversed().reduce(PressureLog()) { log, step in
            let fetch = time.addingTimeInterval(-Double(step) * interval)
            let observed = fetch.addingTimeInterval(-240)
            return log.adding(PressureLog.Observation(time: observed, hectopascals: model.sample(at: observed).pressure.rounded()))
        }
    }

    private func slot(_ sample: DemoWeatherModel.Sample, at time: Date) -> ForecastSlot {
        let amount = sample.precipitationRate == 0 ? nil : sample.precipitationRate * 3
        return ForecastSlot(
            time: time,
            temperature: temperature(sample.temperature),
            feelsLike: temperature(sample.feelsLike),
            conditions: [sample.condition],
            precipitationChance: sample.precipitationChance,
            rainAmount: sample.isSnow ? nil : amount,
            snowAmount: sample.isSnow ? amount : nil,
            pressure: sample.pressure,
            uvIndex: sample.uvIndex)
    }

    /// °C in the demo's units, to 0.01.
    private func temperature(_ celsius: Double) -> Double {
        let value: Double =
            switch units {
            case .metric: celsius
            case .imperial: celsius * 9 / 5 + 32
            case .standard: celsius + 273.15
            }
        return (value * 100).rounded() / 100
    }

    /// m/s in the demo's units, to 0.01.
    private func speed(_ metresPerSecond: Double) -> Double {
        let value = units == .imperial ? metresPerSecond * 2.236_936 : metresPerSecond
        return (value * 100).rounded() / 100
    }
}
