#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubDisplays
import HubSystem
import Synchronization

/// The sessions of the web pages, in memory: a restart signs everyone out. A browser gets a session
/// when it first asks for the sign-in page (so that form has a CSRF token too); signing in replaces it
/// with a new one (a session id known before sign-in is worthless after). Expiry follows the injected
/// clock, and the store holds at most `capacity` sessions, dropping visitors that never signed in first,
/// so a flood of page views cannot fill the memory.
final class WebSessionStore: Sendable {
    /// How long a session lasts from sign-in.
    static let signedInLifetime: Duration = .seconds(12 * 3600)
    /// How long a browser has to fill the sign-in form.
    static let visitorLifetime: Duration = .seconds(30 * 60)

    private let sessions = Mutex<[String: WebSession]>([:])
    private let now: @Sendable () -> Date
    private let capacity: Int

    init(capacity: Int = 256, now: @escaping @Sendable () -> Date) {
        self.capacity = capacity
        self.now = now
    }

    /// The live session with this id, or `nil` (unknown or expired).
    func session(id: String) -> WebSession? {
        let now = now()
        return sessions.withLock { sessions in
            guard let session = sessions[id] else { return nil }
            guard session.expires > now else {
                sessions[id] = nil
                return nil
            }
            return session
        }
    }

    /// A new session, signed in or not.
    func create(signedIn: Bool) -> WebSession {
        let now = now()
        let lifetime = signedIn ? Self.signedInLifetime : Self.visitorLifetime
        let session = WebSession(
            id: AccessToken.make() + AccessToken.make(), csrfToken: AccessToken.make(), signedIn: signedIn,
            expires: now + lifetime, notice: nil)
        sessions.withLock { sessions in
            sessions = sessions.filter { $0.value.expires > now }
            if sessions.count >= capacity, let oldest = Self.firstToDrop(in: sessions) { sessions[oldest] = nil }
            sessions[session.id] = session
        }
        return session
    }

    /// Replaces the stored session with the same id (a notice set or read), if it still exists.
    func update(_ session: WebSession) {
        sessions.withLock { sessions in
            if sessions[session.id] != nil { sessions[session.id] = session }
        }
    }

    /// Changes the stored session `id` in place, if it still exists (a preview stored while the page
    /// that shows it updates the same session).
    func modify(id: String, _ change: (inout WebSession) -> Void) {
        sessions.withLock { sessions in
            if var session = sessions[id] {
                change(&session)
                sessions[id] = session
            }
        }
    }

    /// Ends a session (sign-out).
    func remove(id: String) {
        _ = sessions.withLock { $0.removeValue(forKey: id) }
    }

    /// Ends every session but `id` (after a password change).
    func removeAll(except id: String) {
        sessions.withLock { sessions in sessions = sessions.filter { $0.key == id } }
    }

    /// Visitors before signed-in sessions, the soonest to expire first.
    private static func firstToDrop(in sessions: [String: WebSession]) -> String? {
        sessions.min { a, b in
            a.value.signedIn == b.value.signedIn ? a.value.expires < b.value.expires : !a.value.signedIn
        }?.key
    }
}
