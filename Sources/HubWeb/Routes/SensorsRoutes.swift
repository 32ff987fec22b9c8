#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubActions
import HubConfig
import HubSystem
import Hummingbird
import Sensors

/// `GET /settings/sensors` and `POST /settings/sensors`: every sensor the hub has heard (MQTT and the
/// socket feed), its ecosystem, last values and their age; a sensor is named and given its role (the
/// outdoor sensor, the indoor one, a room, the barometer) in the configuration file, saved and applied
/// as every setting is.
struct SensorsRoutes {
    let pages: WebPages
    let change: ConfigurationChange
    /// The sensor store; `nil` while the hub has no intake (no broker, no socket feed) nor the demo's
    /// sensors. Without an intake the page offers the broker form that starts one.
    let store: SensorStore?

    func add<Context: WebRequestContext>(to router: Router<Context>) {
        router.get("settings/sensors") { request, _ in
            guard let session = pages.session(of: request), session.signedIn else { return WebResponses.redirect(to: .signIn) }
            return render(await page(session: session))
        }
        router.post("settings/sensors") { request, _ in
            try await pages.posting(request) { form, session in await save(form: form, session: session) }
        }
        router.post("settings/sensors/broker") { request, _ in
            try await pages.posting(request) { form, session in await saveBroker(form: form, session: session) }
        }
    }

    private func save(form: WebForm, session: WebSession) async -> Response {
        guard let base = pages.settingsBase(of: form, session: session) else { return await pages.staleForm(session, again: again) }
        let requested: SensorSettingsForm
        do throws(WebFormRefusal) {
            requested = try SensorSettingsForm(form: form)
        } catch {
            return await again(session, error.message, [], .unprocessableContent)
        }
        guard let store else { return await again(session, Self.noIntake, [], .unprocessableContent) }
        let changes = requested.changes(in: change.reading(base).configuration.sensors, heard: await store.snapshots())
        return await pages.save(changes, basedOn: base, with: change, session: session, returnTo: .sensors, again: again)
    }

    /// The broker form: *Test connection* connects once with the form's values and says what happened;
    /// *Save and apply* writes them (a new password into its own file) as every setting is written.
    private func saveBroker(form: WebForm, session: WebSession) async -> Response {
        guard let base = pages.settingsBase(of: form, session: session) else { return await pages.staleForm(session, again: again) }
        let requested: BrokerSettingsForm
        do throws(WebFormRefusal) {
            requested = try BrokerSettingsForm(form: form)
        } catch {
            return await again(session, error.message, [], .unprocessableContent)
        }
        let configuration = change.reading(base).configuration
        guard form["action"] == "save" else {
            var shown = await page(session: session, broker: requested.fields)
            switch await BrokerCheck.run(requested.broker(from: configuration.sensors.broker), logger: pages.logger) {
            case .connected(let text): shown.chrome.notice = text
            case .failed(let text): shown.chrome.problem = text
            }
            return render(shown)
        }
        let passwordFile = MQTTPasswordFile(configFile: change.file.path)
        if !requested.password.isEmpty {
            do throws(MQTTPasswordRefusal) {
                try passwordFile.store(requested.password)
            } catch {
                return await again(session, "Nothing was saved: \(error).", [], .unprocessableContent)
            }
        }
        let changes = requested.changes(from: BrokerSettingsForm(configuration), passwordFile: passwordFile.path)
        return await pages.save(changes, basedOn: base, with: change, session: session, returnTo: .sensors, again: again)
    }

    /// The page with every heard sensor; the session remembers the file the forms are based on.
    private func page(session: WebSession, broker: SensorsPage.Broker? = nil) async -> SensorsPage {
        var (chrome, session) = await pages.settingsChrome(for: session)
        chrome.onSensors = true
        let now = pages.parts.now()
        let heard = await (store?.snapshots() ?? []).sorted { ($0.role == nil ? 1 : 0, $0.displayName) < ($1.role == nil ? 1 : 0, $1.displayName) }
        var charts: [SensorID: SensorsPage.Chart] = [:]
        for snapshot in heard.prefix(SensorChart.pageLimit) {
            guard let store, let chart = await SensorChart.lastDay(of: snapshot, in: store, at: now) else { continue }
            let svg = SensorChartSVG(chart: chart)
            charts[snapshot.sensor] = SensorsPage.Chart(svg: svg.render(), range: svg.rangeText ?? "no readings")
        }
        var page = SensorsPage(chrome: chrome, version: "", sensors: [])
        do throws(ConfigEditRefusal) {
            let current = try change.current()
            session.configBase = current.file
            page.version = current.file.version
            page.broker = broker ?? BrokerSettingsForm(current.configuration).fields
            page.hasIntake = current.configuration.hasSensorIntake
        } catch {
            page.chrome.problem = "The settings cannot be shown: \(error.message)."
        }
        page.sensors = heard.map { snapshot in
            SensorsPage.Sensor(
                identity: snapshot.sensor.rawValue, name: snapshot.displayName == snapshot.sensor.rawValue ? "" : snapshot.displayName,
                shownName: snapshot.displayName, ecosystem: snapshot.ecosystem?.rawValue ?? "unknown",
                values: Self.values(of: snapshot), seen: snapshot.lastSeen.map { RelativeTimeText.relative($0, now: now) } ?? "never",
                roles: ([nil] + SensorRole.allCases.map(Optional.some)).map { role in
                    MenuOption(role?.rawValue ?? "none", role?.rawValue ?? "none", role == snapshot.role)
                },
                hidden: snapshot.hidden, chart: charts[snapshot.sensor])
        }
        pages.sessions.update(session)
        return page
    }

    static let noIntake = "The hub listens to no broker or socket feed yet: save the broker below first."

    /// "21.4 °C · 45 %", the latest value of each field, in the fields' order.
    private static func values(of snapshot: SensorSnapshot) -> String {
        let shown = snapshot.values.sorted { $0.key < $1.key }.map { field, latest in
            let number = ReportNumber.compact(latest.value, maxDigits: 1)
            return field.unit.isEmpty ? "\(field.name) \(number)" : "\(number) \(field.unit)"
        }
        return shown.isEmpty ? "no values yet" : shown.joined(separator: " · ")
    }


    private func render(_ page: SensorsPage, status: HTTPResponse.Status = .ok) -> Response {
        WebResponses.page(pages.renderer.render(page, template: "sensors"), status: status)
    }

    private var again: WebPages.SettingsPageAgain {
        { [self] session, problem, difference, status in
            var shown = await page(session: session)
            shown.chrome.problem = problem
            shown.changedFile = FileDifference(difference)
            return render(shown, status: status)
        }
    }
}
