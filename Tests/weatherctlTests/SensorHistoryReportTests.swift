import ArgumentParser
import Foundation
@testable import HubControl
import HubSystem
import Sensors
import Testing
@testable import weatherctl

@Suite("weatherctl sensors history: the table, JSON and CSV, and its argument errors")
struct SensorHistoryReportTests {
    /// 06:00 UTC on 25 October 2026, the morning Berlin's clocks went back from 03:00 to 02:00.
    let now = Date(timeIntervalSince1970: 1_792_908_000)
    let berlin = try! TimeZoneRules(posixRule: "CET-1CEST,M3.5.0,M10.5.0/3")
    let balcony = SensorProfile(match: "zigbee2mqtt/balcony", displayName: "Balcony", role: .outdoor)

    /// A reading a minute from 00:00Z to 01:59Z (02:00 to 02:59 twice in Berlin), nothing for three hours,
    /// then a reading a minute from 05:00Z to 05:59Z.
    var samples: [(time: Date, value: Double)] {
        let start = now.addingTimeInterval(-6 * 3600)
        let minutes = Array(0..<120) + Array(300..<360)
        return minutes.map { minute -> (time: Date, value: Double) in
            let value: Double = 10 + Double(minute % 7) / 4
            return (start.addingTimeInterval(Double(minute) * 60), value)
        }
    }

    /// The samples through the intake into a database file, then the history the service would send,
    /// read from the store reopened on that file and passed through the control protocol.
    private func history() async throws -> SensorHistory {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var settings = SensorSettings(profiles: [balcony], timeZone: berlin)
        settings.store.databasePath = directory.appendingPathComponent("sensors.sqlite").path
        let now = self.now
        let writer = try SensorStore(settings: settings, now: { now })
        let intake = SensorIntake(settings: settings, store: writer)
        for sample in samples {
            await intake.process(IncomingMessage(
                topic: "zigbee2mqtt/balcony", payload: Array(#"{"temperature":\#(sample.value)}"#.utf8), arrivedAt: sample.time))
        }
        try await writer.flush()

        let store = try SensorStore(settings: settings, now: { now })
        let subject = try await store.historySubject(named: "Balcony", field: .temperature)
        let series = try await store.series(
            of: subject.sensor, field: .temperature, from: now.addingTimeInterval(-86_400), to: now)
        let answer = SensorHistoryMethod.Result(
            history: SensorHistory(series: series, displayName: subject.displayName, timeZone: berlin))
        let received = try JSONDecoder.controlLine.decode(SensorHistoryMethod.Result.self, from: JSONEncoder.controlLine.encode(answer))
        #expect(received == answer)
        return try #require(received.history)
    }

    @Test("the JSON has one bucket per minute with a reading, in local time with its offset, and marks the gap")
    func json() async throws {
        let text = SensorHistoryReport.text(try await history(), format: .json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["sensor"] as? String == "zigbee2mqtt/balcony" && object["name"] as? String == "Balcony")
        #expect(object["field"] as? String == "temperature_C" && object["time_zone"] as? String == berlin.identifier)
        let buckets = try #require(object["buckets"] as? [[String: Any]])
        #expect(buckets.count == samples.count)
        for (bucket, sample) in zip(buckets, samples) {
            #expect(bucket["min"] as? Double == sample.value && bucket["max"] as? Double == sample.value)
            #expect(bucket["mean"] as? Double == sample.value && bucket["count"] as? Double == 1)
            #expect(bucket["width_s"] as? Double == 60)
        }
        #expect(buckets[0]["time"] as? String == "2026-10-25T02:00:00+02:00")
        #expect(buckets[60]["time"] as? String == "2026-10-25T02:00:00+01:00", "the repeated hour reads apart")
        #expect(buckets[120]["time"] as? String == "2026-10-25T06:00:00+01:00")
        #expect(buckets.indices.filter { buckets[$0]["after_gap"] as? Bool == true } == [120])
    }

    @Test("the CSV has a header and one line per bucket: local time, min, max, mean, count")
    func csv() async throws {
        let lines = SensorHistoryReport.text(try await history(), format: .csv).split(separator: "\n")
        #expect(lines.first == "time,min,max,mean,count")
        #expect(lines.count == samples.count + 1)
        for (line, sample) in zip(lines.dropFirst(), samples) {
            let cells = line.split(separator: ",").map(String.init)
            let value = ReportNumber.compact(sample.value, maxDigits: 4)
            #expect(cells == [CivilTime.iso8601(sample.time, utcOffsetSeconds: berlin.secondsFromUTC(at: sample.time)), value, value, value, "1"])
        }
    }

    @Test("the table names the sensor, field, unit and zone, and shows the gap as a line of its own")
    func table() async throws {
        let text = SensorHistoryReport.text(try await history(), format: .table)
        let lines = text.split(separator: "\n")
        #expect(lines[0] == "Balcony (zigbee2mqtt/balcony): temperature in °C, the last 24 h, \(berlin.identifier) time")
        #expect(lines[1].hasPrefix("TIME") && lines[2].hasPrefix("2026-10-25T02:00:00+02:00"))
        #expect(lines.filter { $0.hasPrefix("(3 h without readings)") }.count == 1)
        #expect(lines.count == 2 + samples.count + 1)
    }

    @Test("an unknown sensor or a field it never reported fails saying what to do")
    func unknownSensorAndField() async throws {
        let store = try SensorStore(settings: SensorSettings(profiles: [balcony], timeZone: berlin), now: { [now] in now })
        let intake = SensorIntake(settings: SensorSettings(profiles: [balcony], timeZone: berlin), store: store)
        await intake.process(IncomingMessage(topic: "zigbee2mqtt/balcony", payload: Array(#"{"temperature":12}"#.utf8), arrivedAt: now))
        await #expect(throws: SensorHistoryError.unknownSensor("Garden")) {
            try await store.historySubject(named: "Garden", field: .temperature)
        }
        let missing = await #expect(throws: SensorHistoryError.self) {
            try await store.historySubject(named: "zigbee2mqtt/balcony", field: .humidity)
        }
        #expect("\(missing!)" == #"sensor "zigbee2mqtt/balcony" reports no humidity; it reports temperature: pick one with --field"#)
        #expect("\(SensorHistoryError.unknownSensor("Garden"))".contains("`weatherctl sensors` lists the sensors the hub knows"))
    }

    @Test("bad arguments are refused before the service is asked, saying what to write instead", arguments: [
        (["garden", "--since", "3 weeks"], "--since \"3 weeks\" is not a span back from now the hub keeps: use hours or days such as 24h, 7d or 30d"),
        (["garden", "--since", "31d"], "--since \"31d\""),
        (["garden", "--field", "temp"], "--field \"temp\" is no quantity the hub keeps a history of: use one of temperature, temperature2, humidity"),
        (["garden", "--field", "battery"], "--field \"battery\" is no quantity"),
        (["garden", "--json", "--csv"], "--json and --csv exclude each other: pick one."),
    ])
    func badArguments(arguments: [String], message: String) {
        do {
            _ = try SensorsHistory.parse(arguments)
            Issue.record("\(arguments) should be refused")
        } catch {
            #expect(SensorsHistory.message(for: error).contains(message), "\(SensorsHistory.message(for: error))")
            #expect(SensorsHistory.exitCode(for: error).rawValue == CLIExit.usage.rawValue)
        }
    }

    @Test("a field is named by its quantity or its key; 7d and 30d are spans back from now")
    func goodArguments() throws {
        let command = try SensorsHistory.parse(["Balcony", "--field", "humidity_pct", "--since", "7d", "--csv"])
        #expect(command.sensor == "Balcony" && command.csv)
        #expect(SensorField(nameOrKey: "humidity") == .humidity && SensorField(nameOrKey: "humidity_pct") == .humidity)
        #expect(SensorField(nameOrKey: "wind_max") == .windGust && SensorField(nameOrKey: "temp") == nil)
        #expect(SensorField.allCases.allSatisfy { SensorField(nameOrKey: $0.name) == $0 && SensorField(nameOrKey: $0.key) == $0 })
        _ = try SensorsHistory.parse(["Balcony", "--since", "30d"])
    }
}
