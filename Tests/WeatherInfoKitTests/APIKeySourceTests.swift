import Foundation
import Testing
import WeatherInfoKit

@Suite("where the API key comes from")
struct APIKeySourceTests {
    private let fileKey = "11111111111111111111111111111111"
    private let environmentKey = "22222222222222222222222222222222"
    private let credentialKey = "33333333333333333333333333333333"
    private let configuredKey = "44444444444444444444444444444444"

    @Test("the systemd credential wins over the environment, then the configuration, then the key file")
    func precedence() async throws {
        try await withTemporaryDirectory { directory in
            let keyFile = directory + "/key"
            try "\(fileKey)\n".write(toFile: keyFile, atomically: true, encoding: .utf8)
            try "  \(credentialKey)\r\n".write(toFile: directory + "/openweathermap-api-key", atomically: true, encoding: .utf8)

            let all = APIKeySource(keyFile: keyFile, environment: ["CREDENTIALS_DIRECTORY": directory, "OPENWEATHERMAP_API_KEY": environmentKey])
            #expect(try all.load()?.key == APIKey(credentialKey))
            #expect(try all.load()?.origin == "systemd credential \(directory)/openweathermap-api-key")

            let noCredential = APIKeySource(keyFile: keyFile, environment: ["OPENWEATHERMAP_API_KEY": environmentKey])
            #expect(try noCredential.load()?.key == APIKey(environmentKey))
            #expect(try noCredential.load()?.origin == "environment variable OPENWEATHERMAP_API_KEY")

            let configured = ConfiguredAPIKey(text: configuredKey, origin: "configuration /etc/weatherhub/config.yaml (provider.api_key)")
            let variableAndConfigured = APIKeySource(keyFile: keyFile, environment: ["OPENWEATHERMAP_API_KEY": environmentKey], configuredKey: configured)
            #expect(try variableAndConfigured.load()?.key == APIKey(environmentKey))
            let configuredAndFile = APIKeySource(keyFile: keyFile, environment: [:], configuredKey: configured)
            #expect(try configuredAndFile.load()?.key == APIKey(configuredKey))
            #expect(try configuredAndFile.load()?.origin == configured.origin)

            let fileOnly = APIKeySource(keyFile: keyFile, environment: [:])
            #expect(try fileOnly.load()?.key == APIKey(fileKey))
        }
    }

    @Test("no key anywhere, or an empty file, is no key")
    func none() async throws {
        try await withTemporaryDirectory { directory in
            #expect(try APIKeySource(keyFile: directory + "/absent", environment: [:]).load() == nil)
            try "\n".write(toFile: directory + "/empty", atomically: true, encoding: .utf8)
            #expect(try APIKeySource(keyFile: directory + "/empty", environment: ["OPENWEATHERMAP_API_KEY": ""]).load() == nil)
        }
    }

    @Test("content that is not a key is an error naming its place")
    func notAKey() async throws {
        #expect(throws: APIKeyError(origin: "environment variable OPENWEATHERMAP_API_KEY", reason: "it does not look like an API key")) {
            try APIKeySource(keyFile: nil, environment: ["OPENWEATHERMAP_API_KEY": "two words"]).load()
        }
    }

    @Test("a directory where the key file should be is an error with the system's reason")
    func unreadable() async throws {
        try await withTemporaryDirectory { directory in
            #expect(throws: APIKeyError.self) { try APIKeySource(keyFile: directory, environment: [:]).load() }
        }
    }

    @Test("storing writes the key file readable by owner and group only, and loading reads it back")
    func store() async throws {
        try await withTemporaryDirectory { directory in
            let source = APIKeySource(keyFile: directory + "/etc/weatherhub/openweathermap-api-key", environment: [:])
            try source.store(try #require(APIKey(fileKey)))
            #expect(try source.load()?.key == APIKey(fileKey))
            let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/etc/weatherhub/openweathermap-api-key")
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
        }
    }

    @Test("a key prints redacted")
    func redacted() throws {
        let key = try #require(APIKey(fileKey))
        #expect("\(key)" == "<redacted API key>")
        #expect(String(reflecting: key) == "<redacted API key>")
    }
}
