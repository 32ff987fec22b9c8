#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
}
