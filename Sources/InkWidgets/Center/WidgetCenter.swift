import Synchronization

/// What `WidgetCenter` talks to: the scheduler inside the service, the control socket in `weatherctl`.
public protocol WidgetCenterBackend: Sendable {
    /// Reloads the widgets of one kind, or all of them when `kind` is nil.
    func reloadTimelines(ofKind kind: String?, reason: ReloadReason) async throws
    /// Reloads and returns once each widget's new timeline is on the panel (or failed).
    func reloadAndWait(ofKind kind: String?, reason: ReloadReason) async throws -> [ReloadReport]
    /// The placed widgets.
    func currentConfigurations() async throws -> [WidgetInfo]
}

/// WidgetKit's `WidgetCenter`: the one place code asks for timelines to be reloaded. The service connects
/// it to its scheduler; `weatherctl` connects it to the service's control socket, so both read like the
/// iOS app: write the shared default, then `try await WidgetCenter.shared.reloadAllTimelines()`.
public final class WidgetCenter: Sendable {
    /// The center of this process.
    public static let shared = WidgetCenter()

    private let backend: Mutex<(any WidgetCenterBackend)?>

    public init(backend: (any WidgetCenterBackend)? = nil) {
        self.backend = Mutex(backend)
    }

    /// Connects the center to the scheduler or to the control socket.
    public func connect(to backend: any WidgetCenterBackend) {
        self.backend.withLock { $0 = backend }
    }

    /// Lets go of the backend (a service rebuilding itself from a new configuration); calls fail with
    /// `notConnected` until the next `connect(to:)`.
    public func disconnect() {
        backend.withLock { $0 = nil }
    }

    /// Reloads every placed widget.
    public func reloadAllTimelines(reason: ReloadReason = .dataChanged) async throws {
        try await connected().reloadTimelines(ofKind: nil, reason: reason)
    }

    /// Reloads the widgets of one kind.
    public func reloadTimelines(ofKind kind: String, reason: ReloadReason = .dataChanged) async throws {
        try await connected().reloadTimelines(ofKind: kind, reason: reason)
    }

    /// Reloads every placed widget and waits until the panel shows the result: what `weatherctl city set`
    /// needs to say "the new city is on the panel". Cancel the task to stop waiting.
    public func reloadAllTimelinesAndWait(reason: ReloadReason = .dataChanged) async throws -> [ReloadReport] {
        try await connected().reloadAndWait(ofKind: nil, reason: reason)
    }

    /// Reloads the widgets of one kind and waits until the panel shows the result.
    public func reloadTimelinesAndWait(ofKind kind: String, reason: ReloadReason = .dataChanged) async throws -> [ReloadReport] {
        try await connected().reloadAndWait(ofKind: kind, reason: reason)
    }

    /// The placed widgets: kind, family, id and region.
    public func currentConfigurations() async throws -> [WidgetInfo] {
        try await connected().currentConfigurations()
    }

    private func connected() throws -> any WidgetCenterBackend {
        guard let backend = backend.withLock({ $0 }) else { throw WidgetCenterError.notConnected }
        return backend
    }
}

/// Why a `WidgetCenter` call could not be made.
public enum WidgetCenterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing hosts widgets in this process and no service was connected.
    case notConnected
    /// No placed widget has this kind.
    case unknownKind(String, known: [String])

    public var description: String {
        switch self {
        case .notConnected:
            "no widget host is connected: start the service (`systemctl start weatherhub`) or connect WidgetCenter"
        case .unknownKind(let kind, let known):
            "no placed widget has kind `\(kind)`; placed kinds: \(known.joined(separator: ", "))"
        }
    }
}
