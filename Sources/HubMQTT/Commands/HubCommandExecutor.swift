import HubActions
import Logging

/// Translates MQTT commands into the hub's actions, exactly as their `weatherctl` counterparts call
/// them: the city (`weatherctl city set`), the forecast day (`weatherctl open`), the reload
/// (`weatherctl reload`). Checks, refusals and reload rules are the core's, whichever door asks.
struct HubCommandExecutor: Sendable {
    let actions: HubActions
    let logger: Logger

    /// Runs `command`; the answer to a city command is returned, to publish.
    func run(_ command: HubCommand) async -> CityCommandResult? {
        switch command {
        case .setCity(let name):
            return await setCity(name)
        case .showForecastDay(let day):
            do {
                _ = try await actions.panel.perform(.showDay(day))
                logger.info("forecast day set over MQTT", metadata: ["forecast.daysFromNow": "\(day)"])
            } catch {
                logger.warning("the forecast day from MQTT could not be shown", metadata: ["error": "\(error)"])
            }
        case .reload:
            await reloadAll(after: "the MQTT reload command")
        }
        return nil
    }

    private func setCity(_ name: String) async -> CityCommandResult {
        let result: CityCommandResult
        do throws(CityChangeRefusal) {
            let choice = try await actions.setCity(CityChange.Request(name: name))
            result = CityCommandResult(request: name, choice: choice, provider: actions.city.provider)
        } catch {
            logger.notice("city command refused", metadata: ["city.request": "\(name.prefix(80))", "city.refusal": "\(error)"])
            return CityCommandResult(request: name, refusal: error)
        }
        logger.info("city set over MQTT", metadata: ["city": "\(result.city ?? name)"])
        await reloadAll(after: "the MQTT city command")
        return result
    }

    private func reloadAll(after cause: String) async {
        do {
            _ = try await actions.reload(wait: false)
        } catch {
            logger.warning("reload after \(cause) failed", metadata: ["error": "\(error)"])
        }
    }
}
