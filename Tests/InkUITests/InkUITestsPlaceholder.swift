import Testing

@Test func placeholderInkUITests() {}
