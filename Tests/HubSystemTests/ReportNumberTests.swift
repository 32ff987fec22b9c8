import HubSystem
import Testing

@Suite("Numbers and durations in reports")
struct ReportNumberTests {
    @Test("numbers print without locale formatters and never as -0")
    func numbers() {
        #expect(ReportNumber.format(-0.04, digits: 1) == "0.0")
        #expect(ReportNumber.format(12.388, digits: 1) == "12.4")
        #expect(ReportNumber.format(-3.05, digits: 2) == "-3.05")
        #expect(ReportNumber.compact(1013.0, maxDigits: 2) == "1013")
        #expect(ReportDuration.format(seconds: 7200) == "2 h")
    }
}
