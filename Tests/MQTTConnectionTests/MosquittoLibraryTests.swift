import Testing

@testable import MQTTConnection

/// libmosquitto is opened when the hub first talks MQTT; a missing or wrong library is a clear error.
@Suite("Loading libmosquitto")
struct MosquittoLibraryTests {
    @Test("a missing library names the package to install")
    func missingLibrary() throws {
        let error = try #require(MosquittoLibrary.load("libmosquitto-missing.so.1").failure)
        #expect(error.description.hasPrefix("MQTT needs libmosquitto (on Debian and Raspberry Pi OS: apt install libmosquitto1): "))
        #expect(error.description.contains("libmosquitto-missing.so.1: cannot open shared object file"))
    }

    @Test("a library without libmosquitto's functions is refused by name")
    func wrongLibrary() throws {
        let error = try #require(MosquittoLibrary.load("libz.so.1").failure)
        #expect(error.description.hasSuffix("libz.so.1 has no mosquitto_lib_init"))
    }

    @Test("once loaded, a second load is refused and the first one stays in use")
    func loadedOnce() throws {
        try MosquittoLibrary.ensureLoaded()
        let error = try #require(MosquittoLibrary.load("libmosquitto.so.1").failure)
        #expect(error.description.hasSuffix("libmosquitto is loaded already"))
        try MosquittoLibrary.ensureLoaded()
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}
