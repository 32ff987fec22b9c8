#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import HubConfig
public import ServiceLifecycle

/// Applying the configuration file to the running service, for every door: SIGHUP (`systemctl reload
/// weatherhub`), `weatherctl config reload` and `config set`, and the settings pages. The file is read
/// and checked first: one with problems is refused with them, and the running configuration stays. A
/// good one ends the running build of the hub, and the service builds itself again from it in the same
/// process: readings, frames, the control socket and sign-ins carry over, and a panel whose picture did
/// not change is not refreshed.
public actor ConfigurationReloads {
    /// Reads and checks the configuration as the service would at start.
    public typealias Load = @Sendable () throws(ConfigurationError) -> HubConfiguration

    private let load: Load
    private let now: @Sendable () -> Date
    private var running: AsyncStream<HubConfiguration>.Continuation?
    private var waitingForReady: [CheckedContinuation<Void, any Error>] = []
    private var requested: Date?
    /// How the last reload ended: applied (the new build was ready) or given up for the configuration
    /// before it.
    public private(set) var lastOutcome: Outcome?

    /// How a reload ended.
    public enum Outcome: Sendable {
        case applied(requested: Date, ready: Date)
        case failed(requested: Date, reason: String)

        /// When the reload was asked for.
        public var requested: Date {
            switch self {
            case .applied(let requested, _), .failed(let requested, _): requested
            }
        }
    }

    public init(load: @escaping Load, now: @escaping @Sendable () -> Date = { Date() }) {
        self.load = load
        self.now = now
    }

    /// Reads and checks the file and has the service rebuild itself from it; with `wait`, returns once
    /// the new build is ready (its first frame on the panel).
    ///
    /// - Throws: `ConfigurationError` with every problem (nothing changes),
    ///   `ConfigurationReloadError.notRunning` while no build of the hub is running, or (with `wait`)
    ///   `.notApplied` when the new build could not start and the service went back to the one before.
    public func reload(wait: Bool) async throws {
        let configuration = try load()
        guard let running else { throw ConfigurationReloadError.notRunning }
        self.running = nil
        requested = now()
        guard wait else {
            running.yield(configuration)
            return
        }
        try await withCheckedThrowingContinuation { continuation in
            waitingForReady.append(continuation)
            running.yield(configuration)
        }
    }

    /// For the service, once per build: the configuration the next build is to use, when a reload is
    /// accepted. `ready()` marks the build's start as done.
    public func requests() -> AsyncStream<HubConfiguration> {
        let (stream, continuation) = AsyncStream.makeStream(of: HubConfiguration.self, bufferingPolicy: .bufferingNewest(1))
        running?.finish()
        running = continuation
        return stream
    }

    /// The running build is up (its first frame shown): answers the doors that wait for it.
    public func ready() {
        if let requested {
            lastOutcome = .applied(requested: requested, ready: now())
            self.requested = nil
        }
        let waiting = waitingForReady
        waitingForReady = []
        for continuation in waiting { continuation.resume() }
    }

    /// The build from the accepted configuration could not start (`reason`); the service goes back to
    /// the configuration before it. Answers the doors that wait.
    public func failed(_ reason: String) {
        if let requested { lastOutcome = .failed(requested: requested, reason: reason) }
        requested = nil
        let waiting = waitingForReady
        waitingForReady = []
        for continuation in waiting { continuation.resume(throwing: ConfigurationReloadError.notApplied(reason)) }
    }
}

/// Why a reload was not made.
public enum ConfigurationReloadError: Error, Sendable, CustomStringConvertible {
    /// The service is starting or already rebuilding itself.
    case notRunning
    /// The new configuration was read but the hub could not start with it (a panel that is not there);
    /// the service runs with the configuration before it.
    case notApplied(String)

    public var description: String {
        switch self {
        case .notRunning: "the service is starting or already applying a configuration; try again in a moment"
        case .notApplied(let reason):
            "the service could not start with the new configuration (\(reason)) and went back to the one before it; fix the file, then reload"
        }
    }
}

/// The service that ends a build of the hub when a reload is accepted: its group shuts down gracefully
/// and the service builds itself again from `accepted`.
public struct ConfigurationReloadService: Service {
    private let requests: AsyncStream<HubConfiguration>
    private let accepted: @Sendable (HubConfiguration) -> Void

    public init(requests: AsyncStream<HubConfiguration>, accepted: @escaping @Sendable (HubConfiguration) -> Void) {
        self.requests = requests
        self.accepted = accepted
    }

    public func run() async {
        for await configuration in requests.cancelOnGracefulShutdown() {
            accepted(configuration)
            return
        }
    }
}
