import Foundation
import HubSystem
import HummingbirdBcrypt

/// The password that signs a person in to the hub's web pages. Only its bcrypt hash is kept, in one file
/// of the state directory (mode 0600, written atomically), so a copy of that directory does not give the
/// password away. `weatherctl web password` and the browser's password change both set it here; the web
/// side reads the file at each sign-in, so a new password applies without a restart.
public struct WebPassword: Sendable {
    /// Shorter passwords are refused.
    public static let minimumLength = 8
    /// bcrypt reads only the first 72 bytes; longer passwords are refused rather than cut silently.
    public static let maximumBytes = 72

    /// The hash file.
    public let path: String
    /// bcrypt's cost (log2 of its rounds): 11 takes about a quarter of a second on a Raspberry Pi 4.
    let cost: UInt8

    /// The password whose hash lives at `path`; tests pass a lower `cost`.
    public init(path: String, cost: UInt8 = 11) {
        self.path = path
        self.cost = cost
    }

    /// Whether a password has been set: until then the web pages stay read-only.
    public var isSet: Bool { storedHash != nil }

    /// Stores the hash of `password` durably: once this returns, the new password survives a crash.
    public func set(_ password: String) throws(WebPasswordError) {
        let valid = try Self.validated(password)
        let hash = Bcrypt.hash(valid, cost: cost)
        do {
            try AtomicFile.write(Data((hash + "\n").utf8), to: path, permissions: 0o600)
        } catch {
            throw .notSaved(path: path, reason: "\(error)")
        }
    }

    /// Whether `password` is the one set; `false` when none is set. Slow by design (bcrypt): call it off
    /// the event loop.
    public func verify(_ password: String) -> Bool {
        guard let hash = storedHash, password.utf8.count <= Self.maximumBytes else { return false }
        return Bcrypt.verify(password, hash: hash)
    }

    /// `password` when it can be one, or why not.
    public static func validated(_ password: String) throws(WebPasswordError) -> String {
        guard password.count >= minimumLength else { throw .tooShort }
        guard password.utf8.count <= maximumBytes else { throw .tooLong }
        guard !password.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .controlCharacters
        }
        return password
    }

    private var storedHash: String? {
        guard let data = try? AtomicFile.read(path) else { return nil }
        let hash = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return hash.hasPrefix("$2") ? hash : nil
    }
}

/// Why a password was not set.
public enum WebPasswordError: Error, Sendable, Hashable, CustomStringConvertible {
    case tooShort
    case tooLong
    case controlCharacters
    /// The hash file could not be written.
    case notSaved(path: String, reason: String)

    public var description: String {
        switch self {
        case .tooShort:
            "the password is too short: use at least \(WebPassword.minimumLength) characters"
        case .tooLong:
            "the password is too long: bcrypt uses at most \(WebPassword.maximumBytes) bytes"
        case .controlCharacters:
            "the password contains control characters"
        case .notSaved(let path, let reason):
            "cannot save the password to \(path): \(reason); run as the service's user (`sudo -u weatherhub weatherctl web password`)"
        }
    }
}
