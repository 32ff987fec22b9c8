import Testing

@Test func placeholderInkWidgetsTests() {}
