public import InkWidgets

/// `WidgetCenter`'s backend in `weatherctl`: each call goes to the service over the control socket, where
/// it counts as a user request (exempt from the reload budget).
public struct RemoteWidgetCenter: WidgetCenterBackend {
    public let client: ControlClient
    /// How long `reloadAndWait` waits for the panel (a provider may take its timeout, the panel its refresh).
    public let waitTimeout: Duration

    public init(client: ControlClient, waitTimeout: Duration = .seconds(60)) {
        self.client = client
        self.waitTimeout = waitTimeout
    }

    public func reloadTimelines(ofKind kind: String?, reason: ReloadReason) async throws {
        _ = try await client.call(ReloadMethod.self, ReloadMethod.Params(kind: kind, wait: false))
    }

    public func reloadAndWait(ofKind kind: String?, reason: ReloadReason) async throws -> [ReloadReport] {
        try await client.call(ReloadMethod.self, ReloadMethod.Params(kind: kind, wait: true), timeout: waitTimeout).reports
    }

    public func currentConfigurations() async throws -> [WidgetInfo] {
        try await client.call(WidgetsMethod.self, Empty()).map(\.info)
    }
}
