/// Several widget hosts behind one `WidgetCenter`: the wired panel's scheduler and each networked
/// display's. A reload reaches every host that places the kind (all of them for `reloadAllTimelines`),
/// so `weatherctl city set` changes every screen in the home.
public struct WidgetHostGroup: WidgetCenterBackend {
    private let hosts: [WidgetScheduler]

    /// - Parameter hosts: the panel's scheduler first, then the displays'.
    public init(_ hosts: [WidgetScheduler]) {
        self.hosts = hosts
    }

    /// Every placed widget of every host with its schedule, hosts in order.
    public func statuses() async -> [WidgetStatus] {
        var statuses: [WidgetStatus] = []
        for host in hosts { statuses += await host.statuses() }
        return statuses
    }

    public func reloadTimelines(ofKind kind: String?, reason: ReloadReason) async throws {
        for host in try await hosts(placing: kind) {
            try await host.reloadTimelines(ofKind: kind, reason: reason)
        }
    }

    /// Reloads every host at once and answers when all of them show the result.
    public func reloadAndWait(ofKind kind: String?, reason: ReloadReason) async throws -> [ReloadReport] {
        let targets = try await hosts(placing: kind)
        return try await withThrowingTaskGroup(of: (Int, [ReloadReport]).self) { group in
            for (index, host) in targets.enumerated() {
                group.addTask { (index, try await host.reloadAndWait(ofKind: kind, reason: reason)) }
            }
            var reports: [(Int, [ReloadReport])] = []
            for try await result in group { reports.append(result) }
            return reports.sorted { $0.0 < $1.0 }.flatMap(\.1)
        }
    }

    public func currentConfigurations() async throws -> [WidgetInfo] {
        var infos: [WidgetInfo] = []
        for host in hosts { infos += await host.currentConfigurations() }
        return infos
    }

    /// The hosts that place `kind` (all for nil); throws when none does.
    private func hosts(placing kind: String?) async throws -> [WidgetScheduler] {
        guard let kind else { return hosts }
        var placing: [WidgetScheduler] = []
        var known: Set<String> = []
        for host in hosts {
            let kinds = Set(await host.currentConfigurations().map(\.kind))
            known.formUnion(kinds)
            if kinds.contains(kind) { placing.append(host) }
        }
        if placing.isEmpty { throw WidgetCenterError.unknownKind(kind, known: known.sorted()) }
        return placing
    }
}
