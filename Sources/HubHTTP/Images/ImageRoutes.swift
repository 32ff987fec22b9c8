import HTTPTypes
import HubDisplays
import Hummingbird

/// `GET /displays/<id>.png` (or `.bmp`): a display's current image for ESPHome's `online_image`, a Kindle
/// script or a browser, with the display's token as `?token=` or the `Access-Token` header, and ETags.
/// `GET /images/<id>/<filename>.bmp`: the image a TRMNL device was told to fetch. A wrong token and an
/// unknown display get the same 404, so neither can be probed.
struct ImageRoutes {
    let displays: [NetworkDisplay]
    let registry: DeviceRegistry

    func add(to router: Router<HubRequestContext>) {
        router.get("displays/:file") { request, context in
            try current(request, context: context)
        }
        router.get("images/:display/:file") { request, context in
            try named(request, context: context)
        }
    }

    private func current(_ request: Request, context: HubRequestContext) throws -> Response {
        let file = try context.parameters.require("file")
        guard let (id, format) = ImageFormat.split(file) else { return notFound }
        guard let display = authorised(id, request: request) else { return notFound }
        guard let image = display.frames.image else {
            return Responses.text("the display has no frame yet: try again in a few seconds", status: .serviceUnavailable)
        }
        return try serve(image, as: format, request: request)
    }

    private func named(_ request: Request, context: HubRequestContext) throws -> Response {
        let id = try context.parameters.require("display")
        guard let (filename, format) = ImageFormat.split(try context.parameters.require("file")),
            let display = authorised(id, request: request),
            let image = display.frames.image(named: filename)
        else { return notFound }
        return try serve(image, as: format, request: request)
    }

    private func serve(_ image: DisplayImage, as format: ImageFormat, request: Request) throws -> Response {
        switch format {
        case .png:
            return Responses.image(image.png, contentType: "image/png", entityTag: image.entityTag, request: request)
        case .bmp:
            guard let bmp = try image.bmp() else {
                return Responses.text("this display has four greys; BMP holds one bit: ask for .png", status: .notFound)
            }
            return Responses.image(bmp, contentType: "image/bmp", entityTag: image.entityTag, request: request)
        }
    }

    private func authorised(_ id: String, request: Request) -> NetworkDisplay? {
        guard let display = displays.first(where: { $0.profile.id == id }) else { return nil }
        let token = request.uri.queryParameters["token"].map(String.init) ?? request.headers[TRMNLHeader.accessToken]
        return registry.allowsImage(of: id, token: token) ? display : nil
    }

    private var notFound: Response {
        Responses.text("no such image, or a wrong token: `weatherctl displays url ID` prints a display's URL", status: .notFound)
    }
}

/// The image formats served.
enum ImageFormat: String {
    case png, bmp

    /// Splits `name.png` into its name and format.
    static func split(_ file: String) -> (String, ImageFormat)? {
        guard let dot = file.lastIndex(of: "."), let format = ImageFormat(rawValue: String(file[file.index(after: dot)...]).lowercased())
        else { return nil }
        return (String(file[..<dot]), format)
    }
}
