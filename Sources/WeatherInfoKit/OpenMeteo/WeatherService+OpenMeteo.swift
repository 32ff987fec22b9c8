public import FoundationEssentials
public import Logging

extension WeatherService {
    /// The shared Open-Meteo client: no key; by default at most one call per place every 15 minutes.
    ///
    /// - Parameters:
    ///   - cacheDirectory: where the last good data and the call ledger live (created on first write);
    ///     not OpenWeatherMap's.
    ///   - transport: the HTTP transport; AsyncHTTPClient unless a test brings another.
    ///   - now: the clock.
    ///   - randomUnit: a random number in 0..<1 for backoff jitter.
    public init(
        openMeteo configuration: OpenMeteoConfiguration,
        callPolicy: CallPolicy = CallPolicy(minimumInterval: OpenMeteoConfiguration.defaultMinimumInterval),
        cacheDirectory: String,
        transport: any HTTPTransport = HTTPClientTransport(),
        now: @escaping @Sendable () -> Date = { Date() },
        randomUnit: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        logger: Logger = Logger(label: "weatherhub.weather")
    ) {
        let logger = logger.tagged(.openMeteo)
        let client = OpenMeteoClient(configuration: configuration, http: ProviderHTTP(transport: transport, logger: logger), now: now)
        self.init(
            fetcher: OpenMeteoFetcher(configuration: configuration, client: client),
            callPolicy: callPolicy, cacheDirectory: cacheDirectory, now: now, randomUnit: randomUnit, logger: logger)
    }
}
