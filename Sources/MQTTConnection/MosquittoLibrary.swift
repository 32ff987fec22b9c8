import CMosquitto

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libmosquitto, loaded and initialised once, before the first client exists. A hub without MQTT never
/// loads it, nor the OpenSSL libraries it brings.
enum MosquittoLibrary {
    private static let loaded = load("libmosquitto.so.1")

    /// Opens `file` and starts it. Only `loaded` opens the real library; tests open other files to see
    /// the errors, which change nothing (and a second load is refused).
    static func load(_ file: String) -> Result<Void, MQTTConfigurationError> {
        var reason = [CChar](repeating: 0, count: 512)
        guard cmosquitto_load(file, &reason, reason.count) == 0 else {
            let text = reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            return .failure(MQTTConfigurationError(
                "MQTT needs libmosquitto (on Debian and Raspberry Pi OS: apt install libmosquitto1): \(text)"))
        }
        let code = cmosquitto_lib_init()
        guard code == MOSQ_ERR_SUCCESS.rawValue else {
            return .failure(MQTTConfigurationError("libmosquitto could not start: \(describe(error: code))"))
        }
        return .success(())
    }

    /// Loads the library on first use; throws when it is missing.
    static func ensureLoaded() throws(MQTTConfigurationError) {
        try loaded.get()
    }

    /// libmosquitto's message for an error code (the system's for `MOSQ_ERR_ERRNO`).
    static func describe(error code: Int32) -> String {
        if code == MOSQ_ERR_ERRNO.rawValue {
            return String(cString: strerror(errno)).lowercased()
        }
        return String(cString: cmosquitto_strerror(code))
    }
}
