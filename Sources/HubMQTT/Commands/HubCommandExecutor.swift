import HubControl
import InkWidgets
import Logging
import WeatherInfoKit

/// Carries out commands exactly as their `weatherctl` counterparts do: the city through `CityChange`
/// then a reload of every widget as a person's request (`weatherctl city set`), the forecast day through
/// `PanelActions` (`weatherctl open`), the reload through `WidgetCenter` (`weatherctl reload`). The
/// reload rules are the scheduler's, whoever asks.
struct HubCommandExecutor: Sendable {
    let cityChange: CityChange
    let defaults: SharedDefaults
    let actions: PanelActions
    let center: WidgetCenter
    let logger: Logger

    /// Runs `command`; the answer to a city command is returned, to publish.
    func run(_ command: HubCommand) async -> CityCommandResult? {
        switch command {
        case .setCity(let name):
            return await setCity(name)
        case .showForecastDay(let day):
            do {
                _ = try await actions.perform(.showDay(day))
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
            let choice = try await cityChange.choose(CityChange.Request(name: name))
            do {
                try cityChange.store(choice, in: defaults)
            } catch {
                return CityCommandResult(request: name, failure: "\(error)")
            }
            result = CityCommandResult(request: name, choice: choice, provider: cityChange.provider)
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
            try await center.reloadAllTimelines(reason: .user)
        } catch {
            logger.warning("reload after \(cause) failed", metadata: ["error": "\(error)"])
        }
    }
}
