import Foundation
import Logging
import MQTTConnection
import ServiceLifecycle
@testable import Sensors

/// The Sensors services as the service runs them — store, intake and MQTT intake in one
/// `ServiceGroup` — for integration tests against a real broker. `stop()` triggers a graceful shutdown
/// and waits for it.
final class RunningHub: Sendable {
    let store: SensorStore
    let intake: SensorIntake
    let mqtt: MQTTIntake
    /// The store's changes from before the hub connects, so none delivered on connect is missed
    /// (retained messages, a persistent session's queue).
    let changes: AsyncStream<SensorChange>
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// With `keeper`, the connection is the one it kept when `succession` let the hub before go on with it.
    init(
        broker: BrokerSettings, settings: SensorSettings = SensorSettings(), store existing: SensorStore? = nil,
        commands: MQTTCommandTopics = MQTTCommandTopics(), keeper: BrokerConnectionKeeper? = nil,
        succession: MQTTIntake.Succession = .leaving
    ) throws {
        var settings = settings
        settings.broker = broker
        store = try existing ?? SensorStore(settings: settings)
        intake = SensorIntake(settings: settings, store: store)
        mqtt = MQTTIntake(broker: broker, settings: settings, intake: intake, commands: commands, keeper: keeper, succession: { succession })
        changes = store.changes()
        var logger = Logger(label: "test.hub")
        logger.logLevel = .warning
        let services: [ServiceGroupConfiguration.ServiceConfiguration] =
            existing == nil ? [.init(service: store), .init(service: mqtt)] : [.init(service: mqtt)]
        group = ServiceGroup(configuration: .init(services: services, logger: logger))
        let group = self.group
        task = Task { try await group.run() }
    }

    /// Waits until the connection status satisfies `condition`.
    @discardableResult
    func waitForStatus(_ condition: (MQTTConnectionStatus) -> Bool) async -> MQTTConnectionStatus {
        for await status in mqtt.connection.statusUpdates() where condition(status) { return status }
        return mqtt.connection.status
    }

    /// Waits until connected with every subscription acknowledged.
    func waitUntilSubscribed() async {
        await waitForStatus { $0.state == .connected && $0.subscribed }
    }

    /// Graceful shutdown, as SIGTERM would trigger it.
    func stop() async throws {
        await group.triggerGracefulShutdown()
        try await task.value
    }
}

/// Waits for the next change of `sensor` in `changes` and returns the store's snapshot of it.
func nextSnapshot(
    of sensor: String, in store: SensorStore, from changes: inout AsyncStream<SensorChange>.Iterator
) async -> SensorSnapshot? {
    while let change = await changes.next() {
        if change.sensor.rawValue == sensor { return await store.snapshot(of: change.sensor) }
    }
    return nil
}
