import Testing

@Test func placeholderHubConfigTests() {}
