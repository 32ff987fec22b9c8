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
    private var waitingForReady: [CheckedContinuation<Void, Never>] = []
    private var requested: Date?
    /// The last reload the service finished: when it was asked for and when the new build was ready.
    public private(set) var lastApplied: (requested: Date, ready: Date)?

    public init(load: @escaping Load, now: @escaping @Sendable () -> Date = { Date() }) {
        self.load = load
        self.now = now
    }

    /// Reads and checks the file and has the service rebuild itself from it; with `wait`, returns once
    /// the new build is ready (its first frame on the panel).
    ///
    /// - Throws: `ConfigurationError` with every problem (nothing changes), or
    ///   `ConfigurationReloadError.notRunning` while no build of the hub is running.
    public func reload(wait: Bool) async throws {
        let configuration = try load()
        guard let running else { throw ConfigurationReloadError.notRunning }
        self.running = nil
        requested = now()
        guard wait else {
            running.yield(configuration)
            return
        }
        await withCheckedContinuation { continuation in
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
            lastApplied = (requested, now())
            self.requested = nil
        }
        let waiting = waitingForReady
        waitingForReady = []
        for continuation in waiting { continuation.resume() }
    }
}

/// Why a reload was not made.
public enum ConfigurationReloadError: Error, Sendable, CustomStringConvertible {
    /// The service is starting or already rebuilding itself.
    case notRunning

    public var description: String {
        switch self {
        case .notRunning: "the service is starting or already applying a configuration; try again in a moment"
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
