import Testing

@Test func placeholderWeatherWidgetsTests() {}
