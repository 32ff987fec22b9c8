import HubActions
import HubSystem
import Hummingbird
import InkWidgets
import SharedDefaultsKit
import WeatherInfoKit

/// `GET /settings/weather` and `POST /settings/weather/city`: the city, set through `HubActions.setCity`
/// exactly as `weatherctl city set` sets it (the same lookup, candidates and refusals), then shown on
/// every screen with a person's reload. An ambiguous name lists its candidates, each a button that sends
/// the same name with its pick.
struct WeatherRoutes {
    /// How long a save waits for the panel before saying it is still on its way.
    static let panelTimeout: Duration = .seconds(60)

    let pages: WebPages

    func add<Context: WebRequestContext>(to router: Router<Context>) {
        router.get("settings/weather") { request, _ in
            guard let session = pages.session(of: request), session.signedIn else {
                return WebResponses.redirect(to: .signIn)
            }
            return render(page(session: session))
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
            var page = page(session: session)
            page.name = request.name
            page.country = request.country ?? ""
            if case .ambiguous(_, let places) = error {
                page.candidates = places.enumerated().map { WeatherPage.Candidate(place: $1, pick: $0 + 1) }
            } else {
                page.chrome.problem = Self.text(for: error)
            }
            return render(page, status: error.isInvalidInput ? .unprocessableContent : .ok)
        }
        var saved = session
        saved.notice = await showOnScreens(choice)
        pages.sessions.update(saved)
        return WebResponses.redirect(to: .weather)
    }

    /// Reloads every screen as a person's request and says when the city is on the panel.
    private func showOnScreens(_ choice: CityChange.Choice) async -> String {
        let location = choice.location
        var text = "Saved \(location.displayName)\(location.coordinates == nil ? " (not looked up yet)" : "")."
        if case .asTyped(_, let fault?) = choice {
            text += " It could not be looked up now (\(fault.message(from: pages.parts.actions.city.provider))); the hub looks it up later."
        }
        let actions = pages.parts.actions
        let start = ContinuousClock.now
        let outcome = await withTimeout(Self.panelTimeout) { () async -> Result<[ReloadReport], any Error> in
            do { return .success(try await actions.reload(wait: true)) } catch { return .failure(error) }
        }
        switch outcome {
        case .success(let reports)?:
            let failures = reports.filter { $0.outcome == .failed }
            guard failures.isEmpty else {
                let reasons = failures.map { "\($0.widget): \($0.message ?? "failed")" }.joined(separator: "; ")
                return text + " The panel could not show it yet (\(reasons)); the hub retries."
            }
            let elapsed = (ContinuousClock.now - start).timeInterval
            return text + " On the panel after \((elapsed * 10).rounded() / 10) s."
        case .failure(let error)?:
            return text + " The screens could not be reloaded (\(error)); they show it at their next reload."
        case nil:
            return text + " The panel is still updating."
        }
    }

    private func page(session: WebSession) -> WeatherPage {
        var chrome = pages.chrome(for: session)
        chrome.onWeather = true
        let stored = pages.parts.actions.defaults.value(for: .city)
        return WeatherPage(
            chrome: chrome, city: (stored ?? pages.parts.defaultCity).displayName, cityIsDefault: stored == nil,
            provider: pages.parts.actions.city.provider.displayName, panelImage: pages.parts.panelImage())
    }

    private func render(_ page: WeatherPage, status: HTTPResponse.Status = .ok) -> Response {
        WebResponses.page(pages.renderer.render(page, template: "weather"), status: status)
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

extension String {
    /// The text with its first letter upper-cased.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
