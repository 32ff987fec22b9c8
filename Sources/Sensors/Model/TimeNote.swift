/// Why a reading's observation time needs a word of explanation. Kept as facts: the sentence is built
/// only when it is shown (`weatherctl sensors decode`), never for the messages the intake stores.
public enum TimeNote: Sendable, Hashable, CustomStringConvertible {
    /// A payload time without a zone, read as local time in the zone named `zone`.
    case readAsLocalTime(text: String, zone: String)
    /// A payload time the hub cannot read as a clock time (`why`); the arrival time stands in.
    case unusable(text: String, why: String)
    /// A payload time before 2000: the device's clock is not set; the arrival time stands in.
    case clockNotSet

    public var description: String {
        switch self {
        case .readAsLocalTime(let text, let zone):
            "payload time \"\(IdentityCheck.printable(text, limit: 40))\" has no zone: read as local time in \(zone)"
        case .unusable(let text, let why):
            "payload time \"\(IdentityCheck.printable(text, limit: 40))\" is \(why): using the arrival time"
        case .clockNotSet:
            "payload time before 2000: the device's clock is not set; using the arrival time"
        }
    }
}
