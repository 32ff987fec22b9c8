import Foundation
import HubSystem
import HubTestSupport
import Testing

/// Time zones read from the system's zoneinfo files and POSIX rules, checked against the C library.
@Suite("Time zone rules")
struct TimeZoneRulesTests {
    /// Zones with every kind of rule: northern and southern daylight saving, negative daylight saving
    /// (Dublin), two-hour daylight saving (Troll), quarter and half hours, rules with negative or late
    /// change times (Nuuk, Santiago), zones that dropped daylight saving, and a large offset.
    static let zones = [
        "Europe/Paris", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "America/St_Johns", "Pacific/Chatham",
        "Europe/Dublin", "Antarctica/Troll", "America/Nuuk", "America/Santiago", "Africa/Casablanca", "Asia/Tehran",
        "America/Sao_Paulo", "Pacific/Kiritimati", "Europe/Moscow", "Asia/Tokyo", "UTC",
    ]

    @Test("Offsets match the C library's for every kind of zone, from 1890 to 2120, to the second at changes",
          .serialized, arguments: zones)
    func matchesTheCLibrary(zone: String) async throws {
        let rules = try TimeZoneRules(named: zone)
        let instants = Self.instants
        let expected = try await Self.cLibraryOffsets(zone: zone, instants: instants)
        try #require(expected.count == instants.count)
        let wrong = zip(instants, expected).filter { instant, offset in
            rules.secondsFromUTC(at: Date(timeIntervalSince1970: TimeInterval(instant))) != offset
        }
        #expect(wrong.isEmpty, "\(zone): \(wrong.count) instants differ, first \(wrong.prefix(3))")
    }

    @Test("Paris changes at 01:00 UTC on the last Sundays of March and October, past the file's transitions too")
    func parisTransitions() throws {
        let paris = try TimeZoneRules(named: "Europe/Paris")
        #expect(paris.identifier == "Europe/Paris")
        for (change, before, after) in [
            (1_774_746_000, 3600, 7200),  // 2026-03-29T01:00:00Z
            (1_792_890_000, 7200, 3600),  // 2026-10-25T01:00:00Z
            (4_109_878_800, 3600, 7200),  // 2100-03-28T01:00:00Z, from the footer rule
        ] {
            #expect(paris.secondsFromUTC(at: Date(timeIntervalSince1970: TimeInterval(change - 1))) == before)
            #expect(paris.secondsFromUTC(at: Date(timeIntervalSince1970: TimeInterval(change))) == after)
        }
        #expect(paris.secondsFromUTC(at: Date(timeIntervalSince1970: -3_000_000_000)) == 561, "local mean time")
    }

    @Test("Local days start at local midnight and last 23 or 25 hours where the clocks change")
    func localDays() throws {
        let berlin = try TimeZoneRules(posixRule: "CET-1CEST,M3.5.0,M10.5.0/3")
        let spring = CivilTime.days(year: 2026, month: 3, day: 29)
        let autumn = CivilTime.days(year: 2026, month: 10, day: 25)
        #expect(berlin.start(ofLocalDay: spring) == Date(timeIntervalSince1970: 1_774_738_800))  // 2026-03-28T23:00Z
        #expect(berlin.start(ofLocalDay: spring + 1).timeIntervalSince(berlin.start(ofLocalDay: spring)) == 23 * 3600)
        #expect(berlin.start(ofLocalDay: autumn) == Date(timeIntervalSince1970: 1_792_879_200))  // 2026-10-24T22:00Z
        #expect(berlin.start(ofLocalDay: autumn + 1).timeIntervalSince(berlin.start(ofLocalDay: autumn)) == 25 * 3600)
        #expect(berlin.localDay(at: Date(timeIntervalSince1970: 1_792_879_199)) == autumn - 1)
        #expect(berlin.localDay(at: Date(timeIntervalSince1970: 1_792_879_200)) == autumn)
        #expect(berlin.nextMidnight(after: Date(timeIntervalSince1970: 1_792_879_200)) == berlin.start(ofLocalDay: autumn + 1))
        // Santiago's clocks went from 00:00 to 01:00 on 2026-09-06: that day starts at 01:00 local time.
        let santiago = try TimeZoneRules(posixRule: "<-04>4<-03>,M9.1.6/24,M4.1.6/24")
        let skipped = CivilTime.days(year: 2026, month: 9, day: 6)
        #expect(santiago.start(ofLocalDay: skipped) == Date(timeIntervalSince1970: 1_788_667_200))  // 04:00Z = 01:00-03
        #expect(santiago.localDay(at: santiago.start(ofLocalDay: skipped)) == skipped)
        #expect(TimeZoneRules.utc.localDay(at: Date(timeIntervalSince1970: -1)) == -1)
    }

    @Test("POSIX rules: northern and southern daylight saving, Julian days, the default rule, fixed offsets")
    func posixRules() throws {
        func offsets(_ rules: TimeZoneRules, _ instants: [Int]) -> [Int] {
            instants.map { rules.secondsFromUTC(at: Date(timeIntervalSince1970: TimeInterval($0))) }
        }
        let sydney = try TimeZoneRules(posixRule: "AEST-10AEDT,M10.1.0,M4.1.0/3")
        #expect(offsets(sydney, [1_767_225_600, 1_782_864_000]) == [39_600, 36_000])  // 2026-01-01, 2026-07-01
        // Daylight saving ends at 03:00 daylight time on 5 April 2026, 16:00 UTC the day before.
        #expect(offsets(sydney, [1_775_318_399, 1_775_318_400]) == [39_600, 36_000])
        // Nuuk changes at -1:00 local time: 23:00 on the Saturday, 01:00 UTC on 29 March 2026.
        let nuuk = try TimeZoneRules(posixRule: "<-02>2<-01>,M3.5.0/-1,M10.5.0/0")
        #expect(offsets(nuuk, [1_774_745_999, 1_774_746_000]) == [-7200, -3600])
        // Dublin: standard time is summer's, with "negative" daylight saving in winter.
        let dublin = try TimeZoneRules(posixRule: "IST-1GMT0,M10.5.0,M3.5.0/1")
        #expect(offsets(dublin, [1_767_225_600, 1_782_864_000, 1_774_745_999, 1_774_746_000]) == [0, 3600, 0, 3600])
        // A start at 23:00 on 31 December belongs to the next year's rule.
        let newYear = try TimeZoneRules(posixRule: "AAA3BBB,J1/-1,J300")
        #expect(offsets(newYear, [1_798_768_799, 1_798_768_800]) == [-10_800, -7200])
        let allYear = try TimeZoneRules(posixRule: "EST5EDT,0/0,J365/25")
        #expect(offsets(allYear, [1_782_864_000, 1_798_777_800, 1_798_781_400]) == [-14_400, -14_400, -14_400])
        let julian = try TimeZoneRules(posixRule: "<+03>-3<+04>,J60/0,J300/0")  // J60 is 1 March, leap year or not
        #expect(julian.secondsFromUTC(at: Date(timeIntervalSince1970: 1_709_240_399)) == 10_800)  // 2024-02-29T20:59:59Z
        #expect(julian.secondsFromUTC(at: Date(timeIntervalSince1970: 1_709_240_400)) == 14_400)  // 2024-03-01 00:00 local
        let zeroBased = try TimeZoneRules(posixRule: "XST5XDT,59,300")  // day 59 counts from 0: 29 February in 2024
        #expect(zeroBased.secondsFromUTC(at: Date(timeIntervalSince1970: 1_709_269_200)) == -14_400)  // 2024-03-01T05:00Z
        #expect(zeroBased.secondsFromUTC(at: Date(timeIntervalSince1970: 1_709_182_800)) == -18_000)  // 2024-02-29T05:00Z
        let eastern = try TimeZoneRules(posixRule: "EST5EDT")  // second Sunday of March to first of November
        #expect(eastern.secondsFromUTC(at: Date(timeIntervalSince1970: 1_773_039_600)) == -14_400)  // 2026-03-09T07:00Z
        #expect(eastern.secondsFromUTC(at: Date(timeIntervalSince1970: 1_772_949_600)) == -18_000)  // 2026-03-08T06:00Z
        let india = try TimeZoneRules(posixRule: "IST-5:30")
        #expect(india.secondsFromUTC(at: Date()) == 19_800)
        #expect(TimeZoneRules(secondsFromUTC: 19_800).identifier == "UTC+05:30")
        #expect(TimeZoneRules(secondsFromUTC: -12_600).identifier == "UTC-03:30")
        #expect(TimeZoneRules.utc.identifier == "UTC")
    }

    @Test("Malformed POSIX rules are refused with the problem and an example", arguments: [
        ("C", "at least three letters"), ("CE-1", "at least three letters"), ("CET", "expected the hours"),
        ("CET-25", "hours 25 is outside 0–24"), ("CET-1CEST,M13.5.0,M10.5.0", "month 13 is outside 1–12"),
        ("CET-1CEST,M3.6.0,M10.5.0", "week 6 is outside 1–5"), ("CET-1CEST,M3.5.0", "expected ','"),
        ("CET-1CEST,M3.5.0,M10.5.0/200", "hours 200 is outside 0–167"), ("CET-1CEST,J0,J100", "Julian day 0"),
        ("CET-1CEST,M3.5.0,M10.5.0 x", "unexpected text"), ("<CET-1", "expected '>'"),
    ])
    func malformedRules(text: String, problem: String) {
        #expect {
            try TimeZoneRules(posixRule: text)
        } throws: { error in
            let message = "\(error)"
            return message.contains(problem) && message.contains("CET-1CEST,M3.5.0,M10.5.0/3") && message.contains(text)
        }
    }

    @Test("Unknown zone names are refused with where to find the right one")
    func unknownZones() {
        for name in ["Europe/Atlantis", "../etc/passwd", "/etc/localtime", "", "Europe"] {
            #expect(throws: TimeZoneRulesError.unknownZone(name: name, directory: "/usr/share/zoneinfo")) {
                try TimeZoneRules(named: name)
            }
        }
        let message = "\(TimeZoneRulesError.unknownZone(name: "Europe/Atlantis", directory: "/usr/share/zoneinfo"))"
        #expect(message.contains("timedatectl list-timezones") && message.contains("tzdata"))
    }

    @Test("Cut, foreign and inconsistent zone files are refused, saying what is wrong")
    func malformedFiles() throws {
        let paris = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/Paris")))
        func problem(_ bytes: [UInt8]) -> String? {
            do {
                _ = try TimeZoneRules(tzif: bytes, identifier: "Test", path: "/test")
                return nil
            } catch {
                guard case let .malformedZoneFile(path, problem) = error, path == "/test" else { return "\(error)" }
                return problem
            }
        }
        #expect(problem(paris) == nil)
        #expect(problem(Array("# not a zone file\n".utf8)) == "it does not start with TZif")
        #expect(problem(Array(paris.prefix(200))) == "the file is cut short")
        #expect(problem(Array(paris.prefix(paris.count - 1))) == "the footer is missing or not closed by a newline")
        var badFooter = paris
        badFooter.replaceSubrange((paris.count - 27)..<(paris.count - 1), with: Array("CET-1CEST,M3.5.0,M13.5.0/3".utf8))
        #expect(problem(badFooter) == "its closing rule 'CET-1CEST,M3.5.0,M13.5.0/3': month 13 is outside 1–12")
        let v1 = Self.tzif(version: 0, transitions: [0, 100], types: [0, 1], offsets: [3600, 7200])
        #expect(problem(v1) == nil)
        #expect(problem(Self.tzif(version: 0, transitions: [0, 100], types: [0, 2], offsets: [3600, 7200]))
            == "a transition names a missing local time type")
        #expect(problem(Self.tzif(version: 0, transitions: [100, 0], types: [0, 1], offsets: [3600, 7200]))
            == "the transitions are not in ascending order")
        #expect(problem(Self.tzif(version: 0, transitions: [], types: [], offsets: [])) == "it has no local time types")
    }

    @Test("A version 1 file (32-bit times, no footer) keeps its last offset")
    func versionOne() throws {
        let rules = try TimeZoneRules(
            tzif: Self.tzif(version: 0, transitions: [-100, 1_000_000], types: [1, 0], offsets: [3600, -7200]),
            identifier: "Old", path: "/old")
        #expect(rules.secondsFromUTC(at: Date(timeIntervalSince1970: -200)) == 3600, "before the first transition")
        #expect(rules.secondsFromUTC(at: Date(timeIntervalSince1970: 0)) == -7200)
        #expect(rules.secondsFromUTC(at: Date(timeIntervalSince1970: 4e9)) == 3600)
    }

    @Test("The system zone follows TZ as the C library does, else /etc/localtime and its link")
    func systemZone() throws {
        let directory = TemporaryDirectory()
        let link = directory.file("localtime")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
        let linked = try TimeZoneRules.system(environment: [:], localTimeFile: link)
        #expect(linked.identifier == "Asia/Tokyo" && linked.secondsFromUTC(at: Date()) == 32_400)
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Asia/Tokyo", toPath: directory.file("copy"))
        #expect(try TimeZoneRules.system(environment: [:], localTimeFile: directory.file("copy")).identifier == "localtime")
        #expect(try TimeZoneRules.system(environment: ["TZ": ":Europe/Paris"], localTimeFile: link).identifier == "Europe/Paris")
        #expect(try TimeZoneRules.system(environment: ["TZ": "Europe/Paris"], localTimeFile: link).identifier == "Europe/Paris")
        #expect(try TimeZoneRules.system(environment: ["TZ": link], localTimeFile: "/missing").identifier == "Asia/Tokyo")
        #expect(try TimeZoneRules.system(environment: ["TZ": ""], localTimeFile: link) == .utc)
        let rule = try TimeZoneRules.system(environment: ["TZ": "CET-1CEST,M3.5.0,M10.5.0/3"], localTimeFile: link)
        #expect(rule.secondsFromUTC(at: Date(timeIntervalSince1970: 1_782_864_000)) == 7200)
        try FileManager.default.createDirectory(atPath: directory.file("zones/Mars"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Asia/Tokyo", toPath: directory.file("zones/Mars/Base"))
        let moved = try TimeZoneRules.system(environment: ["TZ": "Mars/Base", "TZDIR": directory.file("zones")], localTimeFile: link)
        #expect(moved.identifier == "Mars/Base" && moved.secondsFromUTC(at: Date()) == 32_400)

        #expect(throws: TimeZoneRulesError.noSystemZone(path: directory.file("none"))) {
            try TimeZoneRules.system(environment: [:], localTimeFile: directory.file("none"))
        }
        #expect("\(TimeZoneRulesError.noSystemZone(path: "/etc/localtime"))".contains("timedatectl set-timezone"))
        #expect(throws: TimeZoneRulesError.malformedZoneFile(path: "/dev/zero", problem: "not a regular file of at most 1 MiB")) {
            try TimeZoneRules.system(environment: ["TZ": "/dev/zero"], localTimeFile: link)
        }
        #expect(throws: TimeZoneRulesError.unknownZone(name: "Europe/Atlantis", directory: "/usr/share/zoneinfo")) {
            try TimeZoneRules.system(environment: ["TZ": "Europe/Atlantis"], localTimeFile: link)
        }
        #expect(throws: TimeZoneRulesError.self) {
            try TimeZoneRules.system(environment: ["TZ": "CET-1CEST,M3.5.0"], localTimeFile: link)
        }
    }

    // MARK: - Helpers

    /// A spread over 1890–2120, plus every half hour of 2037 (where the files' transitions give way
    /// to their closing rules) and the second before it, so each change is checked to the second.
    static let instants: [Int] = {
        var generator = SplitMix(seed: 0x5EED)
        var instants = (0..<2000).map { _ in Int(generator.next() % 7_258_118_400) - 2_524_608_000 }
        for halfHour in stride(from: 2_114_380_800, to: 2_145_916_800, by: 1800) {  // 2037-01-01 to 2038-01-01
            instants += [halfHour - 1, halfHour]
        }
        return instants
    }()

    /// What `date` (glibc's `localtime`) says the offset is at each instant in `zone`.
    static func cLibraryOffsets(zone: String, instants: [Int]) async throws -> [Int] {
        let directory = TemporaryDirectory()
        let input = directory.file("instants")
        try instants.map { "@\($0)" }.joined(separator: "\n").write(toFile: input, atomically: true, encoding: .utf8)
        let output = directory.file("offsets")  // a file, not a pipe: the runner reads pipes only at exit
        try await MosquittoBrokerCommand.run("/bin/sh", ["-c", "TZ='\(zone)' date -f '\(input)' +%::z > '\(output)'"])
        return try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map { line in
            let sign = line.hasPrefix("-") ? -1 : 1
            let parts = line.dropFirst().split(separator: ":").compactMap { Int($0) }
            return sign * (parts[0] * 3600 + parts[1] * 60 + parts[2])
        }
    }

    /// A version 1 TZif file with 32-bit `transitions` to `types`, each type with one of `offsets`.
    static func tzif(version: UInt8, transitions: [Int32], types: [UInt8], offsets: [Int32]) -> [UInt8] {
        func bigEndian(_ value: Int32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
        var bytes = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
        for count in [0, 0, 0, transitions.count, offsets.count, 4] { bytes += bigEndian(Int32(count)) }
        bytes += transitions.flatMap(bigEndian) + types
        bytes += offsets.flatMap { bigEndian($0) + [0, 0] }
        return bytes + Array("ABC\0".utf8)
    }
}

/// A small deterministic generator, so the spread of instants is the same on every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
