public import FoundationEssentials
public import Logging

extension WeatherService {
    /// The shared OpenWeatherMap client, with the key from `keySource`, read at every refresh.
    ///
    /// - Parameters:
    ///   - cacheDirectory: where the last good data and the call ledger live (created on first write).
    ///   - transport: the HTTP transport; AsyncHTTPClient unless a test brings another.
    ///   - now: the clock.
    ///   - randomUnit: a random number in 0..<1 for backoff jitter.
    public init(
        openWeatherMap configuration: OpenWeatherMapConfiguration,
        callPolicy: CallPolicy = CallPolicy(),
        keySource: APIKeySource,
        cacheDirectory: String,
        transport: any HTTPTransport = HTTPClientTransport(),
        now: @escaping @Sendable () -> Date = { Date() },
        randomUnit: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        logger: Logger = Logger(label: "weatherhub.weather")
    ) {
        let logger = logger.tagged(.openWeatherMap)
        let client = OpenWeatherMapClient(configuration: configuration, http: ProviderHTTP(transport: transport, logger: logger), now: now)
        self.init(
            fetcher: OpenWeatherMapFetcher(configuration: configuration, keySource: keySource, client: client),
            callPolicy: callPolicy, cacheDirectory: cacheDirectory, now: now, randomUnit: randomUnit, logger: logger)
    }
}
