import Foundation
import Glibc
import HubControl
import HubSystem
import InkWidgets
import Logging
import Sensors
import ServiceLifecycle
import Testing

/// The control protocol over a real Unix socket: the server the service runs, the client weatherctl uses.
@Suite("Control socket")
struct ControlSocketTests {
    let directory = NSTemporaryDirectory() + "control-\(UUID().uuidString.prefix(8))"
    var socketPath: String { directory + "/" + ControlProtocol.socketName }

    func handlers() -> ControlHandlers {
        var handlers = ControlHandlers()
        handlers.register(PingMethod.self) { _ in ServiceIdentity(version: "test", processID: getpid(), started: Date(timeIntervalSince1970: 0)) }
        handlers.register(ReloadMethod.self) { params in
            guard params.kind != "broken" else { throw WidgetCenterError.unknownKind("broken", known: ["weather"]) }
            // A reload that waits for a slow provider: longer than the idle timeout of `slowAnswer`.
            if params.kind == "slow" { try await Task.sleep(for: .seconds(12)) }
            return ReloadMethod.Result(reports: [])
        }
        handlers.register(SensorHistoryMethod.self) { params in
            guard params.sensor == "garden" else { throw SensorHistoryError.unknownSensor(params.sensor) }
            return SensorHistoryMethod.Result(history: Self.gardenHistory)
        }
        return handlers
    }

    /// Two buckets of the garden's temperature, a gap, and one more, in Berlin's summer time.
    static let gardenHistory: SensorHistory = {
        let berlin = try! TimeZoneRules(posixRule: "CET-1CEST,M3.5.0,M10.5.0/3")
        let points = [0.0, 60, 3 * 3600].map { offset in
            HistoryPoint(
                time: Date(timeIntervalSince1970: 1_781_445_600 + offset), width: 60, mean: 18.25, minimum: 18, maximum: 18.5,
                last: 18.5, count: 2)
        }
        let series = HistorySeries(
            sensor: SensorID("garden"), field: .temperature, from: Date(timeIntervalSince1970: 1_781_445_600),
            to: Date(timeIntervalSince1970: 1_781_456_400), gapAfter: .seconds(1800), points: points)
        return SensorHistory(series: series, displayName: "Garden", timeZone: berlin)
    }()

    /// Runs a control server for the duration of `body`.
    func withServer<T: Sendable>(idleTimeout: Duration = .seconds(10), _ body: @escaping @Sendable (ControlClient) async throws -> T) async throws -> T {
        let server = ControlServer(socketPath: socketPath, handlers: handlers(), idleTimeout: idleTimeout, logger: Logger(label: "test"))
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await server.run()
                return nil
            }
            try await waitForSocket()
            // Room for a full suite run: end-to-end tests hold threads of the shared pool while they wait
            // for the binaries, and an answer may wait for one.
            group.addTask { try await body(ControlClient(socketPath: socketPath, timeout: .seconds(30))) }
            while let result = try await group.next() {
                if let result {
                    group.cancelAll()
                    return result
                }
            }
            throw CancellationError()
        }
    }

    /// Waits until the server accepts connections (readiness, not a schedule).
    func waitForSocket() async throws {
        for _ in 0..<500 {
            if let fd = try? connectRaw() {
                close(fd)
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Runs blocking socket calls on a thread of their own, so they never hold a thread of the
    /// cooperative pool the server's handlers need.
    func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    @Test("a request gets its typed answer, and the socket is group-only")
    func roundTrip() async throws {
        let identity = try await withServer { client in
            try await client.call(PingMethod.self, Empty())
        }
        #expect(identity.version == "test")
        #expect(identity.processID == getpid())
    }

    @Test("the socket is mode 0660 and removed when the server stops")
    func socketMode() async throws {
        let mode = try await withServer { _ in
            try FileManager.default.attributesOfItem(atPath: socketPath)[.posixPermissions] as? Int
        }
        #expect(mode == 0o660)
        #expect(access(socketPath, F_OK) != 0)
    }

    @Test("a failing handler answers with its message, not a dropped connection")
    func handlerError() async throws {
        let result = try await withServer { client in
            await capture { try await client.call(ReloadMethod.self, .init(kind: "broken")) }
        }
        guard case .failure(let failure) = result, let error = failure as? ControlClientError else {
            Issue.record("the call should fail with a ControlClientError")
            return
        }
        #expect(error.code == .refused(.failed))
        #expect(error.message.contains("no placed widget has kind `broken`"))
    }

    @Test("sensors.history carries the buckets with their local offsets and gaps; an unknown sensor says what to do")
    func sensorHistory() async throws {
        let (history, unknown) = try await withServer { client in
            let history = try await client.call(
                SensorHistoryMethod.self, .init(sensor: "garden", field: .temperature, seconds: 86_400)).history
            let unknown = await capture {
                try await client.call(SensorHistoryMethod.self, .init(sensor: "gardn", field: .temperature, seconds: 86_400))
            }
            return (history, unknown)
        }
        #expect(history == Self.gardenHistory)
        #expect(history?.buckets.map(\.utcOffsetSeconds) == [7200, 7200, 7200])
        #expect(history?.buckets.map(\.afterGap) == [false, false, true])
        guard case .failure(let failure) = unknown, let error = failure as? ControlClientError else {
            Issue.record("an unknown sensor should fail with a ControlClientError")
            return
        }
        #expect(error.code == .refused(.failed))
        #expect(error.message.contains(#"no sensor is named "gardn""#) && error.message.contains("`weatherctl sensors` lists"))
    }

    @Test("malformed, unknown, oversized and wrong-version requests get error answers")
    func badRequests() async throws {
        let requests = [
            "this is not json\n",
            #"{"version":1,"id":3,"method":"selfDestruct","params":{}}"# + "\n",
            #"{"version":9,"id":4,"method":"ping","params":{}}"# + "\n",
            #"{"version":1,"id":5,"method":"reload","params":{"wait":"yes"}}"# + "\n",
            String(repeating: "x", count: ControlProtocol.maximumRequestBytes + 10) + "\n",
        ]
        let answers = try await withServer { _ in
            try await blocking { try requests.map(rawExchange) }
        }
        #expect(answers[0].contains(#""code":"badRequest""#))
        #expect(answers[1].contains(#""code":"unknownMethod""#) && answers[1].contains(#""id":3"#))
        #expect(answers[2].contains(#""code":"unsupportedVersion""#))
        #expect(answers[3].contains(#""code":"invalidParams""#))
        #expect(answers[4].contains(#""code":"tooLarge""#))
    }

    @Test("a silent client is disconnected after the idle timeout and others are still served")
    func silentClient() async throws {
        let served = try await withServer(idleTimeout: .seconds(2)) { client in
            let silent = try connectRaw()
            defer { close(silent) }
            let identity = try await client.call(PingMethod.self, Empty())
            // The server closes the silent connection: read returns 0 (end of file) instead of blocking.
            let count = try await blocking {
                var buffer = [UInt8](repeating: 0, count: 16)
                return read(silent, &buffer, buffer.count)
            }
            return (identity.version, count)
        }
        #expect(served.0 == "test")
        #expect(served.1 == 0)
    }

    @Test("a client waiting for a slow answer is not idle: the answer arrives after the idle timeout")
    func slowAnswer() async throws {
        // The service's own idle timeout: a shorter one can close the connection before the request is even
        // read while a full suite run keeps the shared threads busy.
        let result = try await withServer(idleTimeout: .seconds(10)) { client in
            try await client.call(ReloadMethod.self, ReloadMethod.Params(kind: "slow", wait: true))
        }
        #expect(result.reports.isEmpty)
    }

    @Test("no service: a clear error that says how to start it")
    func notRunning() async throws {
        let error = await #expect(throws: ControlClientError.self) {
            _ = try await ControlClient(socketPath: socketPath).call(PingMethod.self, Empty())
        }
        #expect(error?.code == .serviceNotRunning)
        #expect(error?.message.contains("systemctl start weatherhub") == true)
    }

    @Test("a regular file where the socket belongs is refused by client and server")
    func regularFile() async throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data("not a socket".utf8).write(to: URL(fileURLWithPath: socketPath))
        let error = await #expect(throws: ControlClientError.self) {
            _ = try await ControlClient(socketPath: socketPath).call(PingMethod.self, Empty())
        }
        #expect(error?.code == .notASocket)
        await #expect(throws: ControlSetupError.self) {
            try await ControlServer(socketPath: socketPath, handlers: handlers(), logger: Logger(label: "test")).run()
        }
    }

    @Test("a socket planted by another user is refused before connecting", .enabled(if: getuid() == 0, "chown needs root"))
    func plantedSocket() async throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let planted = try bindRaw(listen: true)
        defer { close(planted) }
        try #require(chown(socketPath, 54_321, 54_321) == 0)
        let error = await #expect(throws: ControlClientError.self) {
            _ = try await ControlClient(socketPath: socketPath).call(PingMethod.self, Empty())
        }
        #expect(error?.code == .untrustedSocket)
        #expect(error?.message.contains("belongs to user 54321") == true)
    }

    @Test("a stale socket from a crash is replaced; a live one means another service runs")
    func staleAndLiveSockets() async throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let stale = try bindRaw(listen: false)
        close(stale)
        let (second, identity) = try await withServer { client in
            let second = await capture { try await ControlServer(socketPath: socketPath, handlers: handlers(), logger: Logger(label: "test")).run() }
            return (second, try await client.call(PingMethod.self, Empty()))
        }
        #expect(identity.version == "test")
        guard case .failure(let error) = second else {
            Issue.record("a second server must not start")
            return
        }
        #expect("\(error)".contains("another weatherhub is already running"))
    }

    @Test("a service that answers garbage or nothing gives a clear error, not a hang")
    func garbageAndSilence() async throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let listener = try bindRaw(listen: true)
        defer { close(listener) }
        let garbage = Task { [listener] in
            try await blocking {
                let connection = accept(listener, nil, nil)
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = read(connection, &buffer, buffer.count)
                _ = "<html>hello</html>\n".withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
                let silent = accept(listener, nil, nil)
                _ = read(silent, &buffer, buffer.count)
                return (connection, silent)
            }
        }
        let patient = ControlClient(socketPath: socketPath, timeout: .seconds(30))
        let badAnswer = await #expect(throws: ControlClientError.self) { _ = try await patient.call(PingMethod.self, Empty()) }
        #expect(badAnswer?.code == .badAnswer)
        let hasty = ControlClient(socketPath: socketPath, timeout: .milliseconds(500))
        let timeout = await #expect(throws: ControlClientError.self) { _ = try await hasty.call(PingMethod.self, Empty()) }
        #expect(timeout?.code == .timedOut)
        let (first, second) = try await garbage.value
        close(first)
        close(second)
    }

    /// The outcome of an async call, to check outside the closure that made it.
    func capture<T>(_ body: () async throws -> T) async -> Result<T, any Error> {
        do { return .success(try await body()) } catch { return .failure(error) }
    }

    // MARK: Raw sockets

    func socketAddress() -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(socketPath.utf8)
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }

    func bindRaw(listen shouldListen: Bool) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = socketAddress()
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        if shouldListen { try #require(listen(fd, 4) == 0) }
        return fd
    }

    struct ConnectFailed: Error {
        let code: Int32
    }

    func connectRaw() throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = socketAddress()
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close(fd)
            throw ConnectFailed(code: code)
        }
        return fd
    }

    /// Sends raw bytes and reads one answer line.
    func rawExchange(_ request: String) throws -> String {
        let fd = try connectRaw()
        defer { close(fd) }
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { break }
            sent += count
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !answer.contains(UInt8(ascii: "\n")) {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }
}
