import Foundation
import HubSystem
import Testing

struct RelativeTimeTextTests {
    @Test("spans read in their two largest units, and a negative span as zero", arguments: [
        (-5, "0 s"), (0, "0 s"), (59, "59 s"), (60, "1 min"), (3599, "59 min"), (3600, "1 h 0 min"),
        (7500, "2 h 5 min"), (86_399, "23 h 59 min"), (86_400, "1 d 0 h"), (363_600, "4 d 5 h"),
    ])
    func spans(seconds: Int, text: String) {
        #expect(RelativeTimeText.span(seconds: seconds) == text)
    }

    @Test("a moment ahead reads `in …`, one past `… ago`")
    func moments() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(RelativeTimeText.relative(now.addingTimeInterval(240), now: now) == "in 4 min")
        #expect(RelativeTimeText.relative(now.addingTimeInterval(-125), now: now) == "2 min ago")
        #expect(RelativeTimeText.age(since: now.addingTimeInterval(-7500), now: now) == "2 h 5 min")
    }
}
