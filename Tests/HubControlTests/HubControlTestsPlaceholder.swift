import Testing

@Test func placeholderHubControlTests() {}
