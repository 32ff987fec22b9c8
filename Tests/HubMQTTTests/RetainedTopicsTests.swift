@testable import HubMQTT
import Testing

/// What the publisher sends: only what changed, everything again on a new connection, discovery first,
/// and the clearing of what a configuration no longer has.
@Suite("Retained topics")
struct RetainedTopicsTests {
    private func topics(recorded: Set<String> = [], owned: Set<String>) -> RetainedTopics {
        RetainedTopics(recorded: recorded, owned: owned, isDiscoveryTopic: { $0.hasPrefix("ha/") })
    }

    @Test("only a changed payload is pending; a new connection sends everything once more")
    func changes() {
        var retained = topics(owned: ["hub/a", "ha/x/config"])
        retained.set("hub/a", [1])
        retained.set("ha/x/config", [2])
        #expect(retained.pending.map(\.topic) == ["ha/x/config", "hub/a"])
        for (topic, payload) in retained.pending { retained.acknowledged(topic, payload) }
        #expect(retained.pending.isEmpty)
        retained.set("hub/a", [1])
        #expect(retained.pending.isEmpty)
        retained.set("hub/a", [3])
        #expect(retained.pending.map(\.topic) == ["hub/a"])
        retained.acknowledged("hub/a", [3])
        retained.newConnection()
        #expect(retained.pending.map(\.topic) == ["ha/x/config", "hub/a"])
    }

    @Test("recorded topics the configuration no longer has are cleared, discovery first, and forgotten once acknowledged")
    func clears() {
        var retained = topics(recorded: ["hub/a", "hub/old", "ha/gone/config", "hub/image"], owned: ["hub/a", "hub/image"])
        retained.set("hub/a", [1])
        retained.recordPending()
        #expect(retained.pending.map(\.topic) == ["hub/a", "ha/gone/config", "hub/old"])
        #expect(retained.pending.dropFirst().allSatisfy { $0.payload.isEmpty })
        for (topic, payload) in retained.pending { retained.acknowledged(topic, payload) }
        #expect(retained.isClean)
        // The image of an earlier run stays: this configuration still owns its topic.
        #expect(retained.recorded == ["hub/a", "hub/image"])
    }
}
