public import EPaper
import Logging
public import ServiceLifecycle

/// Turns the panel's key presses into actions by the keys' order on the board: the first key shows the
/// previous day, the second today, the third the next day, the fourth refreshes. Keys beyond the fourth
/// do nothing.
public struct KeyActions: Service {
    /// What each key does, by its position in the panel's key settings.
    public static let meanings: [PanelAction] = [.previousDay, .today, .nextDay, .refresh]

    let keyNames: [String]
    let presses: AsyncStream<KeyPress>
    let actions: PanelActions

    /// Acts on `keys`' presses.
    public init(keys: PanelKeys, actions: PanelActions) {
        self.init(keyNames: keys.settings.keys.map(\.name), presses: keys.presses, actions: actions)
    }

    /// Acts on `presses` of the keys named, in board order, by `keyNames`.
    public init(keyNames: [String], presses: AsyncStream<KeyPress>, actions: PanelActions) {
        self.keyNames = keyNames
        self.presses = presses
        self.actions = actions
    }

    /// The action of the key named `name`, if it has one.
    public func action(forKeyNamed name: String) -> PanelAction? {
        guard let index = keyNames.firstIndex(of: name), index < Self.meanings.count else { return nil }
        return Self.meanings[index]
    }

    /// Performs the action of each press until the presses end or the service shuts down. A failed
    /// action is logged and the next press is handled.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            for await press in presses {
                guard let action = action(forKeyNamed: press.key.name) else { continue }
                do {
                    _ = try await actions.perform(action)
                } catch {
                    actions.logger.warning("a key press could not be handled", metadata: ["panel.key": "\(press.key.name)", "error": "\(error)"])
                }
            }
        }
    }
}
