import HubActions
import Hummingbird
import WeatherInfoKit

/// `GET /settings/weather` and `POST /settings/weather/city`: the city, set through `HubActions.setCity`
/// exactly as `weatherctl city set` sets it (the same lookup, candidates and refusals), then shown on
/// every screen with a person's reload. An ambiguous name lists its candidates, each a button that sends
/// the same name with its pick.
struct WeatherRoutes {
    let pages: WebPages

    func add<Context: WebRequestContext>(to router: Router<Context>) {
        router.get("settings/weather") { request, _ in
            guard let session = pages.session(of: request), session.signedIn else {
                return WebResponses.redirect(to: .signIn)
            }
            return pages.render(await pages.weatherPage(session: session))
        }
        router.post("settings/weather/city") { request, _ in
            try await pages.posting(request) { form, session in
                await setCity(form: form, session: session)
            }
        }
    }

    private func setCity(form: WebForm, session: WebSession) async -> Response {
        let request = CityChange.Request(
            name: form.text("name"), country: form["country"].flatMap { $0.isEmpty ? nil : $0 }, pick: form["pick"].flatMap { Int($0) })
        let choice: CityChange.Choice
        do {
            choice = try await pages.parts.actions.setCity(request)
        } catch {
            var page = await pages.weatherPage(session: session)
            page.name = request.name
            page.country = request.country ?? ""
            if case .ambiguous(_, let places) = error {
                page.candidates = places.enumerated().map { WeatherPage.Candidate(place: $1, pick: $0 + 1) }
            } else {
                page.chrome.problem = Self.text(for: error)
            }
            return pages.render(page, status: error.isInvalidInput ? .unprocessableContent : .ok)
        }
        var saved = session
        saved.notice = await showOnScreens(choice)
        pages.sessions.update(saved)
        return WebResponses.redirect(to: .weather)
    }

    /// What a save says: the place saved, and when it reached the panel.
    private func showOnScreens(_ choice: CityChange.Choice) async -> String {
        let location = choice.location
        var text = "Saved \(location.displayName)\(location.coordinates == nil ? " (not looked up yet)" : "")."
        if case .asTyped(_, let fault?) = choice {
            text += " It could not be looked up now (\(fault.message(from: pages.parts.actions.city.provider))); the hub looks it up later."
        }
        return text + " " + (await pages.reloadScreens())
    }

    /// A refusal in the page's words: `CityChangeRefusal`'s text with the browser's next step (an
    /// ambiguous name is not one: the page lists its candidates).
    static func text(for refusal: CityChangeRefusal) -> String {
        switch refusal {
        case .notFound: "\(refusal.description.capitalizedFirst): check the spelling, or add the country."
        default: "\(refusal.description.capitalizedFirst)."
        }
    }
}

extension WeatherPage.Candidate {
    /// A place as a button shows it: its name, then where it is.
    init(place: Location, pick: Int) {
        let position = place.coordinates.map { coordinates in
            let latitude = "\(abs((coordinates.latitude * 100).rounded() / 100))° \(coordinates.latitude < 0 ? "S" : "N")"
            let longitude = "\(abs((coordinates.longitude * 100).rounded() / 100))° \(coordinates.longitude < 0 ? "W" : "E")"
            return "\(latitude), \(longitude)"
        }
        self.init(label: place.displayName, detail: position ?? "", pick: pick)
    }
}
