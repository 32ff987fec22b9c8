#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CMosquitto
import HubSystem
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One libmosquitto client and the dedicated thread that runs its network loop.
///
/// The thread connects, runs `mosquitto_loop`, and after a failure waits with exponential backoff
/// before connecting again — its own loop rather than `mosquitto_loop_forever`, which gives up for
/// good on TLS or authentication errors. The client is created with `mosquitto_threaded_set`, so
/// `publish` and `disconnect` may be called from Swift concurrency while the thread runs.
///
/// `@unchecked Sendable`: the `mosquitto` pointer is used by the loop thread and by libmosquitto's
/// thread-safe calls only, and destroyed after the thread has ended.
final class MosquittoConnection: @unchecked Sendable {
    private let mosquitto: OpaquePointer
    private let broker: BrokerSettings
    private let events: MosquittoEvents
    private var connectProperties: OpaquePointer?
    private let wakeDescriptors: (read: Int32, write: Int32)
    private let stopping = Atomic<Bool>(false)
    private let lifecycle = Mutex<(started: Bool, finished: Bool, waiters: [CheckedContinuation<Void, Never>])>(
        (false, false, []))
    private let userdata: Unmanaged<MosquittoEvents>

    init(broker: BrokerSettings, events: MosquittoEvents) throws(MQTTConfigurationError) {
        try MosquittoLibrary.ensureLoaded()
        guard !broker.clientID.isEmpty || !broker.persistentSession else {
            throw MQTTConfigurationError("a persistent session needs a client id: set `clientID`")
        }
        userdata = Unmanaged.passRetained(events)
        guard let client = cmosquitto_new(broker.clientID, !broker.persistentSession, userdata.toOpaque()) else {
            userdata.release()
            throw MQTTConfigurationError("libmosquitto could not create a client (out of memory?)")
        }
        mosquitto = client
        self.broker = broker
        self.events = events
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            cmosquitto_destroy(client)
            userdata.release()
            throw MQTTConfigurationError("cannot create the MQTT thread's wake-up pipe")
        }
        wakeDescriptors = (descriptors[0], descriptors[1])
        _ = fcntl(descriptors[0], F_SETFL, O_NONBLOCK)
        // Fully initialised from here: if configuring fails, `deinit` releases everything.
        try configure()
    }

    deinit {
        close()
    }

    private func close() {
        cmosquitto_destroy(mosquitto)
        if connectProperties != nil { cmosquitto_property_free_all(&connectProperties) }
        Glibc.close(wakeDescriptors.read)
        Glibc.close(wakeDescriptors.write)
        userdata.release()
    }

    private func configure() throws(MQTTConfigurationError) {
        cmosquitto_threaded_set(mosquitto, true)
        let version = broker.protocolVersion == .v5 ? MQTT_PROTOCOL_V5 : MQTT_PROTOCOL_V311
        try check(cmosquitto_int_option(mosquitto, MOSQ_OPT_PROTOCOL_VERSION, version), "protocol version")
        if broker.protocolVersion == .v5, broker.persistentSession {
            let expiry = UInt32(clamping: Int64(broker.sessionExpiry.timeInterval))
            try check(
                cmosquitto_property_add_int32(&connectProperties, Int32(MQTT_PROP_SESSION_EXPIRY_INTERVAL.rawValue), expiry),
                "session expiry")
        }
        if let username = broker.username {
            try check(cmosquitto_username_pw_set(mosquitto, username, broker.password), "username/password")
        }
        if let tls = broker.tls {
            for file in [tls.caFile, tls.certificateFile, tls.keyFile].compactMap({ $0 }) where access(file, R_OK) != 0 {
                throw MQTTConfigurationError("TLS file \(file) is not readable by the service")
            }
            try check(cmosquitto_tls_set(mosquitto, tls.caFile, nil, tls.certificateFile, tls.keyFile, nil), "TLS files")
            try check(cmosquitto_tls_opts_set(mosquitto, 1, nil, nil), "TLS options")
        }
        if let topic = broker.availabilityTopic {
            let payload = Array(broker.offlinePayload.utf8)
            try check(cmosquitto_will_set(mosquitto, topic, Int32(payload.count), payload, 1, true), "last will")
        }
        cmosquitto_connect_with_flags_callback_set(mosquitto) { mosquitto, userdata, reasonCode, flags in
            guard let mosquitto, let userdata else { return }
            Unmanaged<MosquittoEvents>.fromOpaque(userdata).takeUnretainedValue()
                .connected(mosquitto, reasonCode: reasonCode, flags: flags)
            if reasonCode == 0 { cmosquitto_log_callback_set(mosquitto, nil) }
        }
        cmosquitto_subscribe_callback_set(mosquitto) { _, userdata, mid, count, granted in
            guard let userdata else { return }
            let grantedQoS = granted.map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? []
            Unmanaged<MosquittoEvents>.fromOpaque(userdata).takeUnretainedValue().subscribed(mid: mid, grantedQoS: grantedQoS)
        }
        cmosquitto_disconnect_callback_set(mosquitto) { _, userdata, reasonCode in
            guard let userdata else { return }
            Unmanaged<MosquittoEvents>.fromOpaque(userdata).takeUnretainedValue().disconnected(reasonCode: reasonCode)
        }
        cmosquitto_message_callback_set(mosquitto) { _, userdata, message in
            guard let userdata, let message else { return }
            Unmanaged<MosquittoEvents>.fromOpaque(userdata).takeUnretainedValue().received(message.pointee)
        }
        cmosquitto_publish_callback_set(mosquitto) { _, userdata, mid in
            guard let userdata else { return }
            Unmanaged<MosquittoEvents>.fromOpaque(userdata).takeUnretainedValue().published(mid: mid)
        }
    }

    /// Keeps libmosquitto's error lines, which name TLS and authentication problems better than its
    /// error codes. While a log callback is set, libmosquitto formats a line for every packet, so the
    /// connection sets it for each attempt and removes it once connected (see `runLoop`).
    private static let libraryLog: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void = {
        _, userdata, level, text in
        guard let userdata, let text, level & Int32(MOSQ_LOG_ERR) != 0 else { return }
        Unmanaged<MosquittoEvents>.fromOpaque(userdata).takeUnretainedValue().libraryError(String(cString: text))
    }

    private func check(_ code: Int32, _ what: String) throws(MQTTConfigurationError) {
        guard code == MOSQ_ERR_SUCCESS.rawValue else {
            throw MQTTConfigurationError("MQTT \(what): \(MosquittoLibrary.describe(error: code))")
        }
    }

    // MARK: Thread

    /// Starts the network thread (once).
    func start() {
        let first = lifecycle.withLock { state -> Bool in
            defer { state.started = true }
            return !state.started
        }
        guard first else { return }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let result = pthread_create(&thread, &attributes, { context in
            let connection = Unmanaged<MosquittoConnection>.fromOpaque(context!).takeRetainedValue()
            nameCurrentThread("mqtt")
            connection.runLoop()
            return nil
        }, context)
        pthread_attr_destroy(&attributes)
        if result != 0 {
            Unmanaged<MosquittoConnection>.fromOpaque(context).release()
            events.fail("cannot start the MQTT thread (error \(result))")
            markFinished()
        }
    }

    /// Disconnects and waits for the network thread to end.
    func stop() async {
        stopping.store(true, ordering: .sequentiallyConsistent)
        _ = cmosquitto_disconnect(mosquitto)
        var byte: UInt8 = 1
        _ = write(wakeDescriptors.write, &byte, 1)
        await withCheckedContinuation { continuation in
            let done = lifecycle.withLock { state -> Bool in
                if state.finished || !state.started { return true }
                state.waiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
        events.setState(.stopped)
    }

    /// Publishes the offline announcement and waits (at most `timeout`) for the broker to take it.
    func announceOffline(timeout: Duration) async {
        guard let topic = broker.availabilityTopic, events.status.state == .connected else { return }
        _ = await publish(Array(broker.offlinePayload.utf8), to: topic, retain: true, timeout: timeout)
    }

    /// Publishes at QoS 1 and waits (at most `timeout`) until the broker acknowledged the message.
    func publish(_ payload: [UInt8], to topic: String, retain: Bool, timeout: Duration) async -> MQTTPublishResult {
        var mid: Int32 = 0
        let rc = cmosquitto_publish(mosquitto, &mid, topic, Int32(clamping: payload.count), payload, 1, retain)
        guard rc == MOSQ_ERR_SUCCESS.rawValue else {
            return rc == MOSQ_ERR_NO_CONN.rawValue ? .notConnected : .refused(MosquittoLibrary.describe(error: rc))
        }
        let events = self.events
        let sent = mid
        return await withTaskGroup(of: MQTTPublishResult.self) { group in
            group.addTask {
                await events.waitForAcknowledgement(of: sent)
                return .acknowledged
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                events.abandonAcknowledgement(of: sent)
                return .timedOut
            }
            let first = await group.next() ?? .timedOut
            group.cancelAll()
            events.abandonAcknowledgement(of: sent)
            return first
        }
    }

    private var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

    /// How long `mosquitto_loop` waits when nothing happens: a keep-alive. libmosquitto shortens the wait to
    /// when the next ping is due (`next_msg_out`), and packets arriving or queued by the hub (a publish,
    /// `stop()`'s DISCONNECT, through libmosquitto's socket pair) end it at once, so an idle hub wakes here
    /// only to ping.
    private var loopTimeoutMilliseconds: Int32 {
        Int32(keepAliveSeconds * 1000)
    }

    /// The keep-alive asked of the broker, at least 5 s.
    private var keepAliveSeconds: Double {
        max(5, broker.keepAlive.timeInterval)
    }

    private func runLoop() {
        defer { markFinished() }
        var delay = broker.reconnectDelay.timeInterval
        while !isStopping {
            events.setState(.connecting)
            cmosquitto_log_callback_set(mosquitto, Self.libraryLog)
            let rc = cmosquitto_connect_bind_v5(
                mosquitto, broker.host, Int32(broker.port), Int32(keepAliveSeconds), nil, connectProperties)
            if rc != MOSQ_ERR_SUCCESS.rawValue {
                if isStopping { break }
                events.fail("cannot connect to \(broker.host):\(broker.port): \(MosquittoLibrary.describe(error: rc))")
                waitBeforeRetry(seconds: delay)
                delay = min(delay * 2, broker.maxReconnectDelay.timeInterval)
                continue
            }
            var loopResult = MOSQ_ERR_SUCCESS.rawValue
            while loopResult == MOSQ_ERR_SUCCESS.rawValue && !isStopping {
                loopResult = cmosquitto_loop(mosquitto, loopTimeoutMilliseconds, 1)
            }
            if isStopping {
                // Let the DISCONNECT queued by `stop()` go out.
                for _ in 0..<10 where cmosquitto_want_write(mosquitto) {
                    _ = cmosquitto_loop(mosquitto, 100, 1)
                }
                break
            }
            let reachedBroker = events.status.connectedSince != nil || events.status.reconnectCount > 0
            events.fail("connection to \(broker.host):\(broker.port) lost: \(MosquittoLibrary.describe(error: loopResult))")
            if reachedBroker { delay = broker.reconnectDelay.timeInterval }
            waitBeforeRetry(seconds: delay)
            delay = min(delay * 2, broker.maxReconnectDelay.timeInterval)
        }
        events.setState(.stopped)
    }

    /// Sleeps up to `seconds`, or until `stop()` writes to the wake-up pipe.
    private func waitBeforeRetry(seconds: Double) {
        var descriptor = pollfd(fd: wakeDescriptors.read, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Int32(min(seconds * 1000, Double(Int32.max))))
        var buffer = [UInt8](repeating: 0, count: 16)
        while read(wakeDescriptors.read, &buffer, buffer.count) > 0 {}
    }

    private func markFinished() {
        let waiters = lifecycle.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.finished = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
