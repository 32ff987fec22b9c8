import HubActions
import HubConfig
import Hummingbird

/// `POST /settings/weather/settings`: the weather source and fallback, units, language and clock,
/// written to the configuration file through `HubActions.configuration` (as `weatherctl config set`
/// writes it: checked first, the person's text kept) and applied by the service, which rebuilds itself;
/// *Preview* draws the panel with them first (the language's words, the units), writing nothing.
struct WeatherSettingsRoutes {
    let pages: WebPages
    let change: ConfigurationChange

    func add<Context: WebRequestContext>(to router: Router<Context>) {
        router.post("settings/weather/settings") { request, _ in
            try await pages.posting(request) { form, session in
                await save(form: form, session: session)
            }
        }
    }

    private func save(form: WebForm, session: WebSession) async -> Response {
        guard let base = pages.settingsBase(of: form, session: session) else { return await pages.staleForm(session, again: again) }
        let requested: WeatherSettingsForm
        do throws(WebFormRefusal) {
            requested = try WeatherSettingsForm(form: form)
        } catch {
            return await again(session, error.message, [], .unprocessableContent)
        }
        let changes = requested.changes(from: WeatherSettingsForm(change.reading(base).configuration))
        guard form["action"] == "preview" else {
            return await pages.save(changes, basedOn: base, with: change, session: session, returnTo: .weather, again: again)
        }
        // The page first: it stores the session, which the preview then adds its image to.
        var shown = await pages.weatherPage(session: session)
        shown.settings = WeatherPage.Settings(version: base.version, menus: requested.menus)
        switch await pages.preview(changes, basedOn: base, with: change, session: session) {
        case .image(let address):
            shown.previewImage = address
            shown.chrome.notice = "A preview with these settings; nothing is saved yet."
            return pages.render(shown)
        case .refused(let problem, let status):
            shown.chrome.problem = problem
            return pages.render(shown, status: status)
        }
    }

    private var again: WebPages.SettingsPageAgain {
        { [pages] session, problem, difference, status in
            var page = await pages.weatherPage(session: session)
            page.chrome.problem = problem
            page.changedFile = FileDifference(difference)
            return pages.render(page, status: status)
        }
    }
}
