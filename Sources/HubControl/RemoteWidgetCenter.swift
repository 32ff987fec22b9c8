public import InkWidgets

/// `WidgetCenter`'s backend in `weatherctl`: each call goes to the service over the control socket, where
/// it counts as a user request (exempt from the reload budget).
public struct RemoteWidgetCenter: WidgetCenterBackend {
    public let client: ControlClient

    public init(client: ControlClient) {
        self.client = client
    }

    public func reloadTimelines(ofKind kind: String?, reason: ReloadReason) async throws {
        _ = try await client.call(ReloadMethod.self, ReloadMethod.Params(kind: kind, wait: false))
    }

    public func currentConfigurations() async throws -> [WidgetInfo] {
        try await client.call(WidgetsMethod.self, Empty()).map(\.info)
    }
}
