/// Reads the bare `online`/`offline` (or `true`/`false`) payloads of birth and last-will topics.
enum AvailabilityText {
    static func decode(source: String, body: PayloadBody) -> DecodeOutcome {
        switch body.scalarText?.lowercased() {
        case "online", "true", "1": .availability(source: source, state: .online)
        case "offline", "false", "0": .availability(source: source, state: .offline)
        default: .ignored(why: "a status topic without online/offline")
        }
    }

    /// Whether a payload is one of those words (for detecting availability topics by shape).
    static func isAvailabilityWord(_ text: String) -> Bool {
        ["online", "offline"].contains(text.lowercased())
    }
}
