import EPaper
import Foundation
import HubControl
import InkWidgets
import MQTTConnection
import Sensors
import SharedDefaultsKit
import WeatherInfoKit
import WeatherWidgets

/// Gathers `weatherctl status`, `weatherctl sensors` and `sensors history` from the running parts.
struct StatusReporter: Sendable {
    let identity: ServiceIdentity
    let data: WidgetDataContext
    /// The wired panel; nil with `panel: none`.
    let panel: PanelController?
    let scheduler: WidgetScheduler
    let weather: any WeatherSource
    let sensors: SensorServices?
    let displays: DisplayServices?

    func status() async -> ServiceStatus {
        ServiceStatus(
            service: identity, location: data.location, panel: await panel?.status(), widgets: await scheduler.statuses(),
            weather: await weather.status(), sensors: await sensorSummary(), web: displays?.summary,
            sharedDefaultsProblem: data.defaults.problem.map { "\($0)" })
    }

    func sensorList() async -> SensorsMethod.Result {
        guard let store = sensors?.store else { return SensorsMethod.Result(sensors: nil, untrackedRejections: 0) }
        return SensorsMethod.Result(sensors: await store.snapshots(), untrackedRejections: await store.untrackedRejections)
    }

    /// One sensor field's buckets back from now, in the panel's time zone; a name the store does not know
    /// or a field the sensor never reported fails with what to do instead.
    func sensorHistory(_ params: SensorHistoryMethod.Params) async throws -> SensorHistoryMethod.Result {
        guard let store = sensors?.store else { return SensorHistoryMethod.Result(history: nil) }
        let subject = try await store.historySubject(named: params.sensor, field: params.field)
        let now = data.now()
        let series = try await store.series(
            of: subject.sensor, field: params.field, from: now.addingTimeInterval(-params.seconds), to: now)
        return SensorHistoryMethod.Result(
            history: SensorHistory(series: series, displayName: subject.displayName, timeZone: data.display.timeZone))
    }

    private func sensorSummary() async -> SensorIntakeSummary? {
        guard let sensors else { return nil }
        let mqtt = sensors.mqtt?.connection.status
        return SensorIntakeSummary(
            broker: sensors.brokerAddress, brokerState: mqtt?.state.rawValue,
            lastError: mqtt?.lastError, knownSensors: await sensors.store.snapshots().count)
    }
}
