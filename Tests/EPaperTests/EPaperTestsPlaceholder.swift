import Testing

@Test func placeholderEPaperTests() {}
