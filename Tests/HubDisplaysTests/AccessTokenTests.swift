import HubDisplays
import Testing

@Suite("Access tokens")
struct AccessTokenTests {
    @Test("tokens carry 128 random bits as 32 hex digits, never twice the same")
    func randomTokens() {
        let tokens = (0..<1000).map { _ in AccessToken.make() }
        #expect(Set(tokens).count == tokens.count)
        #expect(tokens.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
    }

    @Test("matching compares whole strings, whatever their lengths")
    func matching() {
        let secret = AccessToken.make()
        #expect(AccessToken.matches(secret, secret))
        #expect(!AccessToken.matches(String(secret.dropLast()), secret))
        #expect(!AccessToken.matches(secret + "0", secret))
        #expect(!AccessToken.matches(secret + String(repeating: "0", count: 256), secret), "lengths 256 apart")
        #expect(!AccessToken.matches("", secret))
        #expect(!AccessToken.matches(String(secret.reversed()), secret))
    }
}
