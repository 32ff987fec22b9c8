import Logging
public import ServiceLifecycle

/// Turns the panel's key presses into actions by the keys' order on the board: the first key shows the
/// previous day, the second today, the third the next day, the fourth refreshes. Keys beyond the fourth
/// do nothing. The presses arrive as key names, so the actions do not depend on how keys are read.
public struct KeyActions<Presses: AsyncSequence<String, Never> & Sendable>: Service {
    let keyNames: [String]
    let presses: Presses
    let actions: PanelActions

    /// Acts on `presses` of the keys named, in board order, by `keyNames`.
    public init(keyNames: [String], presses: Presses, actions: PanelActions) {
        self.keyNames = keyNames
        self.presses = presses
        self.actions = actions
    }

    /// The action of the key named `name`, if it has one.
    public func action(forKeyNamed name: String) -> PanelAction? {
        guard let index = keyNames.firstIndex(of: name) else { return nil }
        return PanelAction.forKey(at: index)
    }

    /// Performs the action of each press until the presses end or the service shuts down. A failed
    /// action is logged and the next press is handled.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            for await name in presses {
                guard let action = action(forKeyNamed: name) else { continue }
                do {
                    _ = try await actions.perform(action)
                } catch {
                    actions.logger.warning("a key press could not be handled", metadata: ["panel.key": "\(name)", "error": "\(error)"])
                }
            }
        }
    }
}
