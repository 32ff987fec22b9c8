#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension TimeZoneRules {
    /// Where Debian and Raspberry Pi OS keep the zone files (package tzdata).
    public static let systemZoneInfoDirectory = "/usr/share/zoneinfo"

    /// The zone named `name` ("Europe/Paris") in `directory`.
    public init(named name: String, zoneInfoDirectory directory: String = systemZoneInfoDirectory) throws(TimeZoneRulesError) {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
            throw .unknownZone(name: name, directory: directory)
        }
        try self.init(file: "\(directory)/\(name)", identifier: name, missing: .unknownZone(name: name, directory: directory))
    }

    /// The zone the system runs in, as the C library finds it: the `TZ` variable when set (a zone name,
    /// ":name", an absolute path, a POSIX rule, or empty for UTC), otherwise `localTimeFile`. `TZDIR`
    /// moves the zoneinfo directory, as it does for the C library.
    public static func system(
        environment: [String: String] = ProcessInfo.processInfo.environment, localTimeFile: String = "/etc/localtime"
    ) throws(TimeZoneRulesError) -> TimeZoneRules {
        let directory = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? systemZoneInfoDirectory
        guard var text = environment["TZ"] else {
            let name = zoneName(linkedFrom: localTimeFile) ?? "localtime"
            return try TimeZoneRules(file: localTimeFile, identifier: name, missing: .noSystemZone(path: localTimeFile))
        }
        if text.hasPrefix(":") { text.removeFirst() }
        if text.isEmpty || text == "UTC" { return .utc }
        if text.hasPrefix("/") {
            return try TimeZoneRules(file: text, identifier: zoneName(linkedFrom: text) ?? text,
                                     missing: .unreadable(path: text, reason: "it does not exist"))
        }
        do {
            return try TimeZoneRules(named: text, zoneInfoDirectory: directory)
        } catch .unknownZone(let name, let directory) where !text.contains(where: \.isNumber) {
            throw .unknownZone(name: name, directory: directory)  // a name, as rules hold offsets
        } catch .unknownZone {
            return try TimeZoneRules(posixRule: text)
        }
    }

    /// The system zone as read once on first use, or why it could not be.
    public static let currentLoad = Result { () throws(TimeZoneRulesError) in try system() }

    /// The system zone, read once on first use; UTC when it cannot be read (`currentLoad` says why).
    public static let current: TimeZoneRules = (try? currentLoad.get()) ?? .utc

    /// Zone files are a few kilobytes; anything larger, or not a regular file, is not one.
    private static let zoneFileSizeLimit = 1 << 20

    private init(file path: String, identifier: String, missing: TimeZoneRulesError) throws(TimeZoneRulesError) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { throw missing }
        guard info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= Self.zoneFileSizeLimit else {
            throw .malformedZoneFile(path: path, problem: "not a regular file of at most 1 MiB")
        }
        let contents: Data?
        do {
            contents = try AtomicFile.read(path)
        } catch {
            throw .unreadable(path: path, reason: SystemError.reason(for: (error as? SystemError)?.code ?? EIO))
        }
        guard let contents else { throw missing }
        try self.init(tzif: Array(contents), identifier: identifier, path: path)
    }

    /// "Europe/Paris" for a link into a zoneinfo directory (/etc/localtime usually is one), else `nil`.
    private static func zoneName(linkedFrom path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let parts = target.split(separator: "/", omittingEmptySubsequences: true)
        guard let zoneinfo = parts.lastIndex(of: "zoneinfo"), zoneinfo + 1 < parts.count else { return nil }
        let name = parts[(zoneinfo + 1)...].drop { $0 == "posix" }
        return name.joined(separator: "/")
    }
}
