#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CMosquitto
import Synchronization

/// The Swift side of libmosquitto's callbacks, reached through the client's userdata pointer. Every
/// method runs on the library's network thread and returns at once: messages go into the bounded
/// `DeliveryQueue` (the oldest are dropped and counted when it is full), messages on the hub's command
/// topics into their consumer's small stream (the newest are dropped when it is full), state changes
/// into a `Mutex`.
final class MosquittoEvents: Sendable {
    struct Configuration: Sendable {
        var subscriptions: [String]
        var protocolVersion: BrokerSettings.ProtocolVersion
        var availabilityTopic: String?
        var onlinePayload: String
        var maxPayloadBytes: Int
        var commands = MQTTCommandTopics()
    }

    /// Commands waiting for their consumer at most; more are dropped (a flood of commands changes nothing).
    static let commandBuffer = 16

    /// The command stream's consumer, and the commands that arrived while there was none.
    private struct CommandFeed {
        var sink: AsyncStream<MQTTDelivery>.Continuation?
        var consumer = 0
        var waiting: [MQTTDelivery] = []
        var finished = false
    }

    let configuration: Configuration
    private let deliveries: DeliveryQueue
    private let commandFeed = Mutex(CommandFeed())
    private let now: @Sendable () -> Date
    private let state = Mutex(State())
    private let statusListeners = Mutex<[Int: AsyncStream<MQTTConnectionStatus>.Continuation]>([:])

    private struct State {
        var status = MQTTConnectionStatus()
        var connectedBefore = false
        var pendingSubscriptions: Set<Int32> = []
        var acknowledged: Set<Int32> = []
        var publishWaiters: [Int32: CheckedContinuation<Void, Never>] = [:]
        var lastLibraryError: String?
        /// Why the broker refused the current attempt (its CONNACK), which says more than the socket error after it.
        var refusal: String?
        var nextListener = 0
    }

    init(configuration: Configuration, deliveries: DeliveryQueue, now: @escaping @Sendable () -> Date) {
        self.configuration = configuration
        self.deliveries = deliveries
        self.now = now
    }

    /// Messages on the command topics, in arrival order, for one consumer at a time: a new call ends the
    /// stream before it, and the commands that arrived between two consumers go to the second.
    func commands() -> AsyncStream<MQTTDelivery> {
        let (stream, sink) = AsyncStream.makeStream(of: MQTTDelivery.self, bufferingPolicy: .bufferingOldest(Self.commandBuffer))
        let (previous, consumer) = commandFeed.withLock { feed -> (AsyncStream<MQTTDelivery>.Continuation?, Int) in
            guard !feed.finished else {
                sink.finish()
                return (nil, feed.consumer)
            }
            for command in feed.waiting { sink.yield(command) }
            feed.waiting = []
            feed.consumer += 1
            defer { feed.sink = sink }
            return (feed.sink, feed.consumer)
        }
        previous?.finish()
        sink.onTermination = { [weak self] _ in
            self?.commandFeed.withLock { feed in
                if feed.consumer == consumer { feed.sink = nil }
            }
        }
        return stream
    }

    var status: MQTTConnectionStatus { withMessageCounts(state.withLock { $0.status }) }

    /// Every status change from now on (newest kept when the listener lags).
    func statusUpdates() -> AsyncStream<MQTTConnectionStatus> {
        let (stream, continuation) = AsyncStream<MQTTConnectionStatus>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let id = state.withLock { state in
            defer { state.nextListener += 1 }
            return state.nextListener
        }
        statusListeners.withLock { $0[id] = continuation }
        continuation.yield(status)
        continuation.onTermination = { [weak self] _ in
            _ = self?.statusListeners.withLock { $0.removeValue(forKey: id) }
        }
        return stream
    }

    // MARK: Callbacks (library thread)

    func connected(_ mosquitto: OpaquePointer, reasonCode: Int32, flags: Int32) {
        guard reasonCode == 0 else {
            let text =
                configuration.protocolVersion == .v5
                ? String(cString: cmosquitto_reason_string(reasonCode)) : String(cString: cmosquitto_connack_string(reasonCode))
            // The broker closes the socket next; the loop's failure then reports this reason.
            let refusal = "the broker refused the connection: \(text.lowercased())"
            update { state in
                state.refusal = refusal
                state.status.lastError = refusal
                state.status.lastErrorAt = now()
            }
            return
        }
        var subscribeIDs: Set<Int32> = []
        var refused: [String] = []
        for filter in configuration.subscriptions + configuration.commands.topics.sorted() {
            var mid: Int32 = 0
            let rc = cmosquitto_subscribe_v5(mosquitto, &mid, filter, 1, 0, nil)
            if rc == MOSQ_ERR_SUCCESS.rawValue { subscribeIDs.insert(mid) } else { refused.append(filter) }
        }
        if let topic = configuration.availabilityTopic {
            let payload = Array(configuration.onlinePayload.utf8)
            _ = cmosquitto_publish(mosquitto, nil, topic, Int32(payload.count), payload, 1, true)
        }
        update { state in
            state.status.reconnectCount += state.connectedBefore ? 1 : 0
            state.connectedBefore = true
            state.status.consecutiveFailures = 0
            state.status.connectedSince = now()
            state.status.sessionPresent = flags & 1 != 0
            state.pendingSubscriptions = subscribeIDs
            state.status.subscribed = subscribeIDs.isEmpty
            state.status.state = subscribeIDs.isEmpty ? .connected : .connecting
            if !refused.isEmpty {
                state.status.lastError = "cannot subscribe to \(refused.joined(separator: ", "))"
                state.status.lastErrorAt = now()
            }
        }
    }

    func subscribed(mid: Int32, grantedQoS: [Int32]) {
        update { state in
            guard state.pendingSubscriptions.remove(mid) != nil else { return }
            if grantedQoS.contains(where: { $0 >= 0x80 }) {
                state.status.lastError = "the broker refused a subscription (check its ACL)"
                state.status.lastErrorAt = now()
            }
            if state.pendingSubscriptions.isEmpty {
                state.status.subscribed = true
                state.status.state = .connected
            }
        }
    }

    func disconnected(reasonCode: Int32) {
        update { state in
            state.status.state = .disconnected
            state.status.subscribed = false
            state.status.connectedSince = nil
            if reasonCode != 0 {
                state.status.lastError = "connection lost"
                state.status.lastErrorAt = now()
            }
        }
    }

    func received(_ message: mosquitto_message) {
        let topic = String(cString: message.topic)
        let arrivedAt = now()
        if !configuration.commands.topics.isEmpty, configuration.commands.topics.contains(topic) {
            let command = delivery(of: message, topic: topic, arrivedAt: arrivedAt, limit: configuration.commands.maxPayloadBytes)
            commandFeed.withLock { feed in
                if let sink = feed.sink {
                    sink.yield(command)
                } else if !feed.finished, feed.waiting.count < Self.commandBuffer {
                    feed.waiting.append(command)
                }
            }
        } else {
            deliveries.append(delivery(of: message, topic: topic, arrivedAt: arrivedAt, limit: configuration.maxPayloadBytes))
        }
    }

    /// The message with a copy of its payload, or only its size when that is over `limit`.
    private func delivery(of message: mosquitto_message, topic: String, arrivedAt: Date, limit: Int) -> MQTTDelivery {
        let size = Int(message.payloadlen)
        guard size <= limit else { return .oversized(topic: topic, bytes: size, at: arrivedAt) }
        let payload = size > 0 ? Array(UnsafeRawBufferPointer(start: message.payload, count: size)) : []
        return .message(MQTTMessage(topic: topic, payload: payload, retained: message.retain, arrivedAt: arrivedAt))
    }

    func published(mid: Int32) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if let waiter = state.publishWaiters.removeValue(forKey: mid) { return waiter }
            // Only the last few matter (an offline announcement being waited for); keep the set small.
            if state.acknowledged.count >= 64 { state.acknowledged.removeAll() }
            state.acknowledged.insert(mid)
            return nil
        }
        waiter?.resume()
    }

    /// Remembers libmosquitto's last error line, added to the next failure's description.
    func libraryError(_ text: String) {
        state.withLock { $0.lastLibraryError = text }
    }

    // MARK: Network thread and Swift side

    /// Records a failed attempt (with libmosquitto's own last error line, which names TLS problems).
    func fail(_ message: String) {
        update { state in
            var text = state.refusal ?? message
            state.refusal = nil
            if let detail = state.lastLibraryError, !text.contains(detail) { text += " (\(detail))" }
            state.lastLibraryError = nil
            state.status.lastError = text
            state.status.lastErrorAt = now()
            state.status.consecutiveFailures += 1
            state.status.state = .connecting
            state.status.subscribed = false
        }
    }

    func setState(_ newState: MQTTConnectionStatus.State) {
        update { $0.status.state = newState }
    }

    /// Waits until the broker acknowledged the QoS 1 publish `mid` (returns at once if it already has).
    func waitForAcknowledgement(of mid: Int32) async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                if state.acknowledged.remove(mid) != nil { return true }
                state.publishWaiters[mid] = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Releases the waiter of a publish that will not be acknowledged in time (shutdown timed out), or
    /// lets a wait that has not started yet return at once.
    func abandonAcknowledgement(of mid: Int32) {
        state.withLock { state -> CheckedContinuation<Void, Never>? in
            if let waiter = state.publishWaiters.removeValue(forKey: mid) { return waiter }
            state.acknowledged.insert(mid)
            return nil
        }?.resume()
    }

    /// Ends the message queue and the command stream: the consumers drain what is buffered, then stop.
    func finishDeliveries() {
        deliveries.finish()
        let commands = commandFeed.withLock { feed in
            feed.finished = true
            feed.waiting = []
            defer { feed.sink = nil }
            return feed.sink
        }
        commands?.finish()
        let listeners = statusListeners.withLock { listeners in
            defer { listeners.removeAll() }
            return Array(listeners.values)
        }
        for listener in listeners { listener.finish() }
    }

    private func update(_ change: (inout State) -> Void) {
        let status = withMessageCounts(
            state.withLock { state -> MQTTConnectionStatus in
                change(&state)
                return state.status
            })
        let listeners = statusListeners.withLock { Array($0.values) }
        for listener in listeners { listener.yield(status) }
    }

    /// `status` with the message counters, which the delivery queue keeps.
    private func withMessageCounts(_ status: MQTTConnectionStatus) -> MQTTConnectionStatus {
        let counters = deliveries.counters
        var status = status
        status.messagesReceived = counters.appended
        status.messagesDropped = counters.dropped
        return status
    }
}
