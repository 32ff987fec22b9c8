#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubActions
import HubConfig
import HubSystem
import Hummingbird
import InkWidgets
import SharedDefaultsKit
import WeatherInfoKit

extension WebPages {
    /// How long a save waits for the panel before saying it is still on its way.
    static let panelTimeout: Duration = .seconds(60)

    /// The Weather page as it stands: the city, the panel, the settings in the configuration file (the
    /// session remembers the file the form shows), the key's state. After a save it says when the
    /// service applied it.
    func weatherPage(session: WebSession) async -> WeatherPage {
        var (chrome, session) = await settingsChrome(for: session)
        chrome.onWeather = true
        let actions = parts.actions
        let stored = actions.defaults.value(for: .city)
        var page = WeatherPage(
            chrome: chrome, city: (stored ?? parts.defaultCity).displayName, cityIsDefault: stored == nil,
            provider: actions.city.provider.displayName, panelImage: parts.panelImage(),
            key: actions.apiKey.map { WeatherPage.KeySection(state: $0.state, provider: actions.city.provider) })
        if let change = actions.configuration {
            do throws(ConfigEditRefusal) {
                let current = try change.current()
                page.settings = WeatherPage.Settings(version: current.file.version, menus: WeatherSettingsForm(current.configuration).menus)
                session.configBase = current.file
            } catch {
                page.chrome.problem = [page.chrome.problem, "The settings cannot be shown: \(error.message)."].compactMap { $0 }.joined(separator: " ")
            }
        }
        sessions.update(session)
        return page
    }

    func render(_ page: WeatherPage, status: HTTPResponse.Status = .ok) -> Response {
        WebResponses.page(renderer.render(page, template: "weather"), status: status)
    }

    /// Reloads every screen as a person's request and says when the result is on the panel.
    func reloadScreens() async -> String {
        let actions = parts.actions
        let start = ContinuousClock.now
        let outcome = await withTimeout(Self.panelTimeout) { () async -> Result<[ReloadReport], any Error> in
            do { return .success(try await actions.reload(wait: true)) } catch { return .failure(error) }
        }
        switch outcome {
        case .success(let reports)?:
            let failures = reports.filter { $0.outcome == .failed }
            guard failures.isEmpty else {
                let reasons = failures.map { "\($0.widget): \($0.message ?? "failed")" }.joined(separator: "; ")
                return "The panel could not show it yet (\(reasons)); the hub retries."
            }
            let elapsed = (ContinuousClock.now - start).timeInterval
            return "On the panel after \((elapsed * 10).rounded() / 10) s."
        case .failure(let error)?:
            return "The screens could not be reloaded (\(error)); they show it at their next reload."
        case nil:
            return "The panel is still updating."
        }
    }
}

extension WeatherPage.KeySection {
    /// The key's state in words: where it comes from (never the key), and whether the source uses it.
    init(state: APIKeyChange.State, provider: WeatherProvider) {
        switch state {
        case .missing:
            status = provider.needsKey ? "No key is set: OpenWeatherMap needs one." : "No key is set."
            note = nil
        case .found(let origin, let fromKeyFile):
            status = "A key is set (from the \(origin))."
            note = fromKeyFile ? nil : "A key saved here is used only once that one is removed."
        case .unusable(let error):
            status = "The key in the \(error.origin) cannot be used (\(error.reason)): save a new one."
            note = nil
        }
        if !provider.needsKey {
            note = [note, "The weather comes from \(provider.displayName) now; the key is used with OpenWeatherMap only."]
                .compactMap { $0 }.joined(separator: " ")
        }
    }
}
