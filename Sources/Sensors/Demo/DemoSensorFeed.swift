#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import Glibc
import HubSystem
public import ServiceLifecycle

/// Readings for `weatherhub --demo`: three sensors of three ecosystems (a zigbee2mqtt balcony sensor as
/// the outdoor one, an rtl_433 thermometer in the living room, a Tasmota sensor in the attic), sent
/// through the real intake every few minutes with values that follow the time of day, so the demo's
/// sensors widget and merge show what a real setup shows.
public struct DemoSensorFeed: Service {
    /// Names and roles of the demo sensors, for the settings the store and intake are built with.
    public static let profiles = [
        SensorProfile(match: "zigbee2mqtt/balcony", displayName: "Balcony", role: .outdoor),
        SensorProfile(match: "Nexus-TH/1/17", displayName: "Living room", role: .indoor),
        SensorProfile(match: "attic/AM2301", displayName: "Attic", role: .room),
    ]

    /// How often each sensor reports.
    public static let interval: Duration = .seconds(300)

    private let intake: SensorIntake
    private let now: @Sendable () -> Date

    public init(intake: SensorIntake, now: @escaping @Sendable () -> Date = { Date() }) {
        self.intake = intake
        self.now = now
    }

    public func run() async {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await Self.report(to: intake, at: now())
                try? await Task.sleep(for: Self.interval)
            }
        }
    }

    /// Sends one reading of each demo sensor, as of `time`, through `intake`.
    public static func report(to intake: SensorIntake, at time: Date) async {
        await intake.process(messages(at: time))
    }

    /// Sends what the demo sensors would have reported over the `span` before `time`, one reading each
    /// per `interval`, so a preview's history has a day to show.
    public static func backfill(to intake: SensorIntake, before time: Date, span: TimeInterval = 26 * 3600) async {
        let step = interval.timeInterval
        for offset in stride(from: span, to: 0, by: -step) {
            await intake.process(messages(at: time - offset))
        }
    }

    /// The three sensors' messages at `time`, as their ecosystems publish them.
    static func messages(at time: Date) -> [IncomingMessage] {
        // A daily swing peaking mid-afternoon (hub time), the same every day.
        let hour = time.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) / 3600
        let swing = sin((hour - 9) / 24 * 2 * .pi)
        let outdoor = rounded(6 + 4 * swing), outdoorHumidity = rounded(78 - 12 * swing, places: 0)
        let living = rounded(21 + 0.6 * swing), attic = rounded(15 + 3 * swing)
        let payloads = [
            ("zigbee2mqtt/balcony", #"{"temperature":\#(outdoor),"humidity":\#(outdoorHumidity),"pressure":1013.2,"battery":87,"linkquality":120}"#),
            ("rtl_433/weatherhub-demo/events", #"{"model":"Nexus-TH","id":17,"channel":1,"battery_ok":1,"temperature_C":\#(living),"humidity":45}"#),
            ("tele/attic/SENSOR", #"{"AM2301":{"Temperature":\#(attic),"Humidity":58.0},"TempUnit":"C"}"#),
        ]
        return payloads.map { IncomingMessage(topic: $0.0, payload: Array($0.1.utf8), arrivedAt: time) }
    }

    private static func rounded(_ value: Double, places: Int = 1) -> Double {
        let scale = places == 0 ? 1.0 : 10.0
        return (value * scale).rounded() / scale
    }
}
