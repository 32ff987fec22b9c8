import HubActions
import Hummingbird
import Logging
import WeatherInfoKit

/// `POST /settings/weather/key`: a new OpenWeatherMap key, stored through `APIKeyChange` as `weatherctl
/// key set` stores it. The field is write-only: no page ever shows a key, not even one refused.
struct APIKeyRoutes {
    let pages: WebPages

    func add<Context: WebRequestContext>(to router: Router<Context>) {
        router.post("settings/weather/key") { request, context in
            try await pages.posting(request) { form, session in
                await store(form.text("key"), session: session, peer: context.peer)
            }
        }
    }

    private func store(_ text: String, session: WebSession, peer: String) async -> Response {
        guard let change = pages.parts.actions.apiKey else {
            return pages.refusal(
                .notFound, heading: "No key here", message: "This hub does not take its key from the web pages.", session: session,
                link: .weather, linkText: "Back to the Weather page")
        }
        do throws(APIKeyChangeRefusal) {
            try change.store(text)
        } catch {
            var page = await pages.weatherPage(session: session)
            page.chrome.problem = "\(error.description.capitalizedFirst)."
            return pages.render(page, status: .unprocessableContent)
        }
        pages.logger.notice("web: OpenWeatherMap key replaced", metadata: ["web.client": "\(peer)"])
        var saved = session
        saved.notice = pages.parts.actions.city.provider.needsKey ? "Saved the key. " + (await pages.reloadScreens()) : "Saved the key."
        pages.sessions.update(saved)
        return WebResponses.redirect(to: .weather)
    }
}
