import CMosquitto

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libmosquitto's process-wide state, initialised once before the first client exists.
enum MosquittoLibrary {
    private static let initialised: Bool = {
        mosquitto_lib_init() == MOSQ_ERR_SUCCESS.rawValue
    }()

    static func ensureInitialised() {
        _ = initialised
    }

    /// libmosquitto's message for an error code (the system's for `MOSQ_ERR_ERRNO`).
    static func describe(error code: Int32) -> String {
        if code == MOSQ_ERR_ERRNO.rawValue {
            return String(cString: strerror(errno)).lowercased()
        }
        return String(cString: mosquitto_strerror(code))
    }
}
