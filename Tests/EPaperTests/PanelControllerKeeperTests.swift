import EPaper
import InkUI
import Logging
import ServiceLifecycle
import Testing

/// The panel controller kept from one build of the hub to the next, over the real driver and the
/// controller emulator.
@Suite("Panel controller across builds of the hub")
struct PanelControllerKeeperTests {
    private func frame(_ n: Int) -> Frame { RefreshPolicyTests.frame(n) }

    /// One build: a service group running the kept controller until `body` is done.
    private func build(
        _ keeper: PanelControllerKeeper, _ controller: PanelController, continuing: Bool, _ body: () async throws -> Void
    ) async throws {
        let group = ServiceGroup(configuration: .init(services: [keeper.run(controller, continuing: { continuing })], logger: Logger(label: "test")))
        let running = Task { try await group.run() }
        try await body()
        await group.triggerGracefulShutdown()
        try await running.value
    }

    /// The first build: a rig's controller made through `keeper`, showing frame 1, handed over at its end.
    private func firstBuild(_ keeper: PanelControllerKeeper) async throws -> (ControllerRig<SSD168xModel>, PanelController) {
        let rig = try ControllerRig(stateDirectory: try temporaryDirectory(), runs: false)
        let controller = try await keeper.controller(for: rig.profile) { rig.controller }
        try await build(keeper, controller, continuing: true) {
            let outcome = try await controller.present(frame(1), reason: "build one")
            #expect(outcome != .stopped)
        }
        return (rig, controller)
    }

    @Test("the same profile: the next build goes on with the controller, the panel's lines held, and an unchanged frame costs nothing")
    func keptAcrossBuilds() async throws {
        let keeper = PanelControllerKeeper()
        let (rig, controller) = try await firstBuild(keeper)
        #expect(!rig.emulator.released, "handed over, not closed")
        let bytes = rig.emulator.bytesReceived

        let again = try await keeper.controller(for: rig.profile) {
            Issue.record("the kept controller was made again")
            return rig.controller
        }
        #expect(again === controller)
        try await build(keeper, again, continuing: false) {
            let outcome = try await again.present(frame(1), reason: "build two, same picture")
            #expect(outcome == .unchanged)
            #expect(rig.emulator.bytesReceived == bytes, "nothing sent to the panel")
        }
        #expect(rig.emulator.released, "the last build switches the panel off and releases its lines")
        #expect(rig.emulator.violations.isEmpty)
        #expect(rig.log.records.filter { $0.message == "panel controller started" }.count == 1)
        #expect(rig.log.records.filter { $0.message == "panel controller goes on" }.count == 1)
    }

    @Test("another profile: the kept controller puts its panel to sleep and releases its lines before the next one opens")
    func anotherProfile() async throws {
        let keeper = PanelControllerKeeper()
        let (rig, controller) = try await firstBuild(keeper)
        var turned = rig.profile
        turned.rotation = .half
        let next = try ControllerRig(runs: false)
        let replacement = try await keeper.controller(for: turned) {
            #expect(rig.emulator.released, "the panel before is closed first")
            return next.controller
        }
        #expect(replacement === next.controller)
        #expect(try await controller.present(frame(2), reason: "too late") == .stopped)
    }
}
