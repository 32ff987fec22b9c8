public import ServiceLifecycle
import Synchronization

/// The panel controller, kept from one build of the hub to the next while the panel's profile and refresh
/// settings stay the same: a change of language, layout or sensors then neither switches the panel off
/// nor releases its lines, and the controller's counters and recent refreshes simply go on. One per
/// service.
public final class PanelControllerKeeper: Sendable {
    private let kept = Mutex<(profile: PanelProfile, controller: PanelController)?>(nil)

    public init() {}

    /// The kept controller when it was made for `profile` (the refresh settings included); otherwise the one
    /// `make` opens, kept from now on, once a kept controller for another profile has put its panel to sleep
    /// and released its lines.
    public func controller(for profile: PanelProfile, make: () throws -> PanelController) async throws -> PanelController {
        let (reused, previous) = kept.withLock { kept -> (PanelController?, PanelController?) in
            if let kept, kept.profile == profile { return (kept.controller, nil) }
            defer { kept = nil }
            return (nil, kept?.controller)
        }
        if let reused { return reused }
        if let previous { await previous.stop() }
        let controller = try make()
        kept.withLock { $0 = (profile, controller) }
        return controller
    }

    /// One build's run of `controller`: its schedule until the build ends, then, when `continuing` says
    /// the next build has the same profile, the controller waits for it; otherwise it stops and is
    /// forgotten.
    public func run(_ controller: PanelController, continuing: @escaping @Sendable () -> Bool) -> some Service {
        KeptRun(controller: controller, keeper: self, continuing: continuing)
    }

    private struct KeptRun: Service {
        let controller: PanelController
        let keeper: PanelControllerKeeper
        let continuing: @Sendable () -> Bool

        func run() async throws {
            if await !controller.run(handingOver: continuing) { keeper.forget(controller) }
        }
    }

    private func forget(_ controller: PanelController) {
        kept.withLock { kept in
            if kept?.controller === controller { kept = nil }
        }
    }
}
