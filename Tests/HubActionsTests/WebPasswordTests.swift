import Foundation
import HubActions
import Testing

/// The web password's hash file: what is stored, with which mode, and what is refused.
@Suite("Web password")
struct WebPasswordTests {
    @Test("only a bcrypt hash is stored, mode 0600, and it verifies the password alone")
    func storesHash() throws {
        let directory = NSTemporaryDirectory() + "web-password-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let password = WebPassword(path: directory + "/web-password", cost: 4)
        #expect(!password.isSet)
        #expect(!password.verify("anything at all"))
        try password.set("correct horse battery")
        #expect(password.isSet)
        let stored = try String(contentsOfFile: password.path, encoding: .utf8)
        #expect(stored.hasPrefix("$2") && !stored.contains("correct horse"))
        let mode = try FileManager.default.attributesOfItem(atPath: password.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(password.verify("correct horse battery"))
        #expect(!password.verify("correct horse batter"))
    }

    @Test("short, overlong and control-character passwords are refused and nothing is stored")
    func refusals() throws {
        let password = WebPassword(path: NSTemporaryDirectory() + "web-password-\(UUID().uuidString)", cost: 4)
        #expect(throws: WebPasswordError.tooShort) { try password.set("short") }
        #expect(throws: WebPasswordError.tooLong) { try password.set(String(repeating: "x", count: 73)) }
        #expect(throws: WebPasswordError.controlCharacters) { try password.set("long enough\u{7}") }
        #expect(!password.isSet)
    }
}
