/// Why a time zone could not be read, with what to do about it.
public enum TimeZoneRulesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No zone of that name in the zoneinfo directory.
    case unknownZone(name: String, directory: String)
    /// `TZ` is not set and the system has no zone file (/etc/localtime).
    case noSystemZone(path: String)
    /// The zone file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The file is not a TZif zone file, or is cut short or inconsistent.
    case malformedZoneFile(path: String, problem: String)
    /// A POSIX `TZ` rule that does not parse.
    case malformedRule(text: String, problem: String)

    public var description: String {
        switch self {
        case let .unknownZone(name, directory):
            "time zone '\(name)' is not in \(directory): use a name `timedatectl list-timezones` lists, such as "
                + "Europe/Paris (in the TZ variable, or unset TZ to use the system's zone), and install the tzdata "
                + "package if the list is empty"
        case let .noSystemZone(path):
            "the system has no time zone (\(path) does not exist): set one with `sudo timedatectl set-timezone "
                + "Europe/Paris` (`timedatectl list-timezones` lists them)"
        case let .unreadable(path, reason):
            "cannot read the time zone file \(path): \(reason); reinstall tzdata (sudo apt install --reinstall tzdata)"
        case let .malformedZoneFile(path, problem):
            "\(path) is not a usable time zone file (\(problem)); reinstall tzdata (sudo apt install --reinstall "
                + "tzdata) or set the zone again with timedatectl set-timezone"
        case let .malformedRule(text, problem):
            "the time zone rule '\(text)' is malformed (\(problem)); use a zone name such as Europe/Paris, or a "
                + "POSIX rule such as CET-1CEST,M3.5.0,M10.5.0/3"
        }
    }
}

/// What is wrong with a zone file's bytes or a rule's text, before `TimeZoneRulesError` says where.
struct ZoneDataProblem: Error {
    let text: String
    init(_ text: String) { self.text = text }
}
