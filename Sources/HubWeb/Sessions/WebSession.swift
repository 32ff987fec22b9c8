#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubConfig

/// One browser's session: its cookie's id, the token every form it posts must carry, whether it signed
/// in, and a notice for the next page it shows (what a saved change did).
struct WebSession: Sendable {
    /// The cookie's value: 256 random bits. Never shown in a page or a log.
    let id: String
    /// The per-session CSRF token each form holds in a hidden field.
    let csrfToken: String
    var signedIn: Bool
    var expires: Date
    /// Shown once by the next page, then cleared (post, redirect, get).
    var notice: String?
    /// The configuration file as the last settings form showed it: a save is made against it, so a
    /// file changed meanwhile is never silently overwritten.
    var configBase: ConfigSnapshot?
    /// When a saved setting was handed to the service to apply; the next page says when it was done.
    var applyingSince: Date?
    /// The last preview drawn for this browser (a PNG), served at `/settings/preview.png`.
    var preview: [UInt8]?
}
