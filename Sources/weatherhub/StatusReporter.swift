import EPaper
import Foundation
import HubControl
import InkWidgets
import MQTTConnection
import Sensors
import SharedDefaultsKit
import WeatherInfoKit
import WeatherWidgets

/// Gathers `weatherctl status` and `weatherctl sensors` from the running parts.
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

    private func sensorSummary() async -> SensorIntakeSummary? {
        guard let sensors else { return nil }
        let mqtt = sensors.mqtt?.connection.status
        return SensorIntakeSummary(
            broker: sensors.brokerAddress, brokerState: mqtt?.state.rawValue,
            lastError: mqtt?.lastError, knownSensors: await sensors.store.snapshots().count)
    }
}
