import Testing

@Test func placeholderSensorsTests() {}
