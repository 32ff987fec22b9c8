#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import HubDisplays
import HubSystem
import Hummingbird
import InkUI
import Logging

/// TRMNL's device API as its open firmware speaks it (docs/trmnl-protocol.md): `GET /api/setup`,
/// `GET /api/display` and `POST /api/log`. Keys and tokens are never logged.
struct TRMNLRoutes {
    let displays: [NetworkDisplay]
    let registry: DeviceRegistry
    let logs: DeviceLogStore
    let images: ImageLinks
    /// The displays' schedulers' wall clock.
    let now: @Sendable () -> Date
    let logger: Logger

    /// Adds the routes to the `/api` group.
    func add(to api: RouterGroup<HubRequestContext>) {
        // Firmware 1.5.x asks `/api/setup/`, 1.8.x `/api/setup`: the router takes both.
        api.get("setup") { request, context in try await setup(request, context: context) }
        api.get("display") { request, context in try await display(request, context: context) }
        api.post("log") { request, context in try await log(request, context: context) }
    }

    /// A registered device gets its key; an unknown one is listed as pending and gets the firmware's
    /// "not registered" (JSON status 404 in an HTTP 200, which every firmware shows with the message).
    private func setup(_ request: Request, context: HubRequestContext) async throws -> Response {
        guard let device = TRMNLHeader.device(in: request.headers) else {
            return Responses.json(TRMNLAnswer.setup(
                status: 404, message: "WeatherHub: the ID header must be the device's MAC address, e.g. AA:BB:CC:DD:EE:FF"))
        }
        let telemetry = TRMNLHeader.telemetry(in: request.headers, peer: context.peer, at: now())
        let answer = try registry.setup(device, telemetry: telemetry, fromLocalNetwork: context.peerIsLocal)
        guard case .registered(let registration) = answer, let display = display(registration.display) else {
            logger.notice("a device asked to join: approve it with `weatherctl displays approve \(device)`", metadata: ["device.id": "\(device)"])
            return Responses.json(TRMNLAnswer.setup(
                status: 404, message: "Not registered in WeatherHub: run `weatherctl displays approve \(device)` on the hub"))
        }
        logger.info("device set up", metadata: ["device.id": "\(device)", "display.id": "\(display.profile.id)"])
        var imageURL: String?
        if let image = display.frames.image {
            // The setup screen takes the 800×480 1-bit BMP on every firmware; PNG only on newer ones.
            let format: ImageFormat = image.hasBMP && image.size == PixelSize(width: 800, height: 480) ? .bmp : .png
            imageURL = try images.url(of: image, on: display.profile, as: format, request: request)
        }
        return Responses.json(TRMNLAnswer.setup(
            status: 200, apiKey: registration.apiKey, friendlyID: registration.friendlyID, imageURL: imageURL,
            message: "WeatherHub: this device shows \(display.profile.id)"))
    }

    /// The current image's URL and name, and how long to sleep: until the display's next change. An
    /// unknown device and a missing or wrong key get HTTP 404, which the firmware retries, then shows as an
    /// error; nothing is created.
    private func display(_ request: Request, context: HubRequestContext) async throws -> Response {
        let device = TRMNLHeader.device(in: request.headers)
        guard let registration = registry.authenticate(device: device, apiKey: request.headers[TRMNLHeader.accessToken]),
            let display = display(registration.display)
        else {
            return Responses.json(TRMNLAnswer.message(status: 404, "device not found, or a wrong Access-Token"), status: .notFound)
        }
        let time = now()
        var telemetry = TRMNLHeader.telemetry(in: request.headers, peer: context.peer, at: time)
        let refreshRate = await display.refreshSeconds(now: time)
        telemetry.nextWake = time + Double(refreshRate)
        let image = display.frames.image
        telemetry.filename = image?.filename
        registry.note(telemetry, for: registration.device)
        guard let image else {
            // Any status but 0, 202 and 500 leaves the screen as it is; the device comes back soon.
            return Responses.json(TRMNLAnswer.display(
                status: 503, imageURL: nil, filename: nil, refreshRate: Int(display.profile.wake.minimum.components.seconds)))
        }
        let format = TRMNLImageFormat.format(for: display.profile, firmware: telemetry.firmware)
        return Responses.json(TRMNLAnswer.display(
            status: 0, imageURL: try images.url(of: image, on: display.profile, as: format, request: request),
            filename: image.filename, refreshRate: refreshRate))
    }

    /// Stores the device's log lines (size-limited, rotated); shown by `weatherctl displays`.
    private func log(_ request: Request, context: HubRequestContext) async throws -> Response {
        guard let registration = registry.authenticate(
            device: TRMNLHeader.device(in: request.headers), apiKey: request.headers[TRMNLHeader.accessToken])
        else {
            return Responses.json(TRMNLAnswer.message(status: 404, "device not found"), status: .notFound)
        }
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: DeviceLogStore.bodyLimit)
        } catch {
            return Responses.json(
                TRMNLAnswer.message(status: 413, "log bodies are limited to \(DeviceLogStore.bodyLimit) bytes"),
                status: .contentTooLarge)
        }
        let lines = DeviceLogLines.lines(in: Array(body.readableBytesView))
        do {
            try logs.append(lines, for: registration.device, at: now())
        } catch {
            logger.warning("a device log could not be stored: \(error)", metadata: ["device.id": "\(registration.device)"])
            return Responses.json(TRMNLAnswer.message(status: 500, "the hub could not store the log"), status: .internalServerError)
        }
        return Responses.json(TRMNLAnswer.message(status: 200, "stored \(lines.count) log lines"))
    }

    private func display(_ id: String) -> NetworkDisplay? {
        displays.first { $0.profile.id == id }
    }
}
