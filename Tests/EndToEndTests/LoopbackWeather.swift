import HubTestSupport

/// The places and the configuration of the end-to-end tests that fetch from the loopback OpenWeatherMap
/// server: the hub starts on Lyon, on the simulated panel.
enum LoopbackWeather {
    static let lyon = OpenWeatherMapTestServer.City(name: "Lyon", country: "FR", latitude: 45.7578, longitude: 4.832, utcOffsetSeconds: 3600)
    static let paris = OpenWeatherMapTestServer.City(name: "Paris", country: "FR", latitude: 48.8589, longitude: 2.32, utcOffsetSeconds: 3600)

    static func configuration(baseURL: String) -> String {
        """
        provider:
          base_url: \(baseURL)
          city: Lyon
          country: FR
        panel:
          model: simulated
        """
    }
}
