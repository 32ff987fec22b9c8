import EPaper
import HubControl
import Logging
import ServiceLifecycle

/// Turns the panel's key presses into actions, by the keys' order on the board: the first key shows the
/// previous day, the second today, the third the next day, the fourth refreshes.
struct KeyActions: Service {
    let keys: PanelKeys
    let actions: PanelActions

    func run() async throws {
        let order = keys.settings.keys.map(\.name)
        let meanings: [PanelAction] = [.previousDay, .today, .nextDay, .refresh]
        await cancelWhenGracefulShutdown {
            for await press in keys.presses {
                guard let index = order.firstIndex(of: press.key.name), index < meanings.count else { continue }
                do {
                    _ = try await actions.perform(meanings[index])
                } catch {
                    actions.logger.warning("key \(press.key.name) could not be handled: \(error)")
                }
            }
        }
    }
}
