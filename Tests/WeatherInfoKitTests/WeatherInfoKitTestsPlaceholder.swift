import Testing

@Test func placeholderWeatherInfoKitTests() {}
