import HTTPTypes
import HubConfig
import HubDisplays
import Hummingbird

/// The URL a device fetches a display's image from: named by the image's fingerprint, so the URL changes
/// exactly when the pixels do, and carrying the display's token.
struct ImageLinks: Sendable {
    let publicURL: String?
    let scheme: String
    let registry: DeviceRegistry

    /// The image's URL as the device can reach it: the configured public URL, else the host it asked.
    func url(of image: DisplayImage, on display: NetworkDisplayProfile, as format: ImageFormat, request: Request) throws -> String {
        let base = publicURL ?? "\(scheme)://\(request.head.authority ?? "localhost:\(HTTPSettings.defaultPort)")"
        let token = try registry.imageToken(of: display.id)
        return "\(base.hasSuffix("/") ? String(base.dropLast()) : base)/images/\(display.id)/\(image.filename).\(format.rawValue)?token=\(token)"
    }
}
