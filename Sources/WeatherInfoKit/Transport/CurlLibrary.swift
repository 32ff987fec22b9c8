import CCurl

/// libcurl, loaded when the first transfer needs it rather than by the dynamic loader at process start:
/// a hub in demo mode and the `weatherctl` commands that never fetch never map libcurl and the TLS,
/// LDAP, SSH, HTTP/2… libraries it pulls in (about 6 MiB resident).
///
/// A failed load is not remembered: the next transfer tries again (a `dlopen` of a missing file costs
/// a few failed `open` calls), so a package installed after the error is used without a restart.
enum CurlLibrary {
    /// The library the hub loads: libcurl's ABI 4, from Debian's `libcurl4` (`libcurl4t64` on Debian 13).
    static let soname = "libcurl.so.4"

    /// Loads ``soname`` unless a libcurl is loaded already; every transfer calls this first.
    static func loadIfNeeded() throws(TransportError) {
        if ccurl_is_loaded() { return }
        try load(soname: soname)
    }

    /// Loads the library named `soname`, checks it and initialises libcurl. Once a libcurl is in use
    /// it stays the one every transfer calls, whatever a later call names.
    static func load(soname: String) throws(TransportError) {
        var detail = [CChar](repeating: 0, count: 512)
        let status = ccurl_load(soname, &detail, detail.count)
        guard status != CCURL_LOADED else { return }
        let reason = String(decoding: detail.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw .libraryUnavailable(reason: message(for: status, soname: soname, detail: reason))
    }

    private static let installAdvice = "install the libcurl4 package (sudo apt install libcurl4; libcurl4t64 on Debian 13)"

    private static func message(for status: ccurl_load_status, soname: String, detail: String) -> String {
        switch status {
        case CCURL_LIBRARY_NOT_FOUND:
            "\(soname) could not be loaded (\(detail)): \(installAdvice); the next fetch loads it, no restart needed."
        case CCURL_FUNCTION_MISSING:
            "\(soname) has no \(detail): it is not libcurl, or a libcurl too old for the hub, which needs 7.85 or later; \(installAdvice)."
        case CCURL_VERSION_TOO_OLD:
            "\(soname) is libcurl \(detail), too old for the hub, which needs 7.85 or later (for CURLOPT_PROTOCOLS_STR): upgrade the system (Debian 12 ships 7.88) and restart the hub."
        default:  // CCURL_INIT_FAILED
            "libcurl from \(soname) could not be initialised (\(detail)), usually for lack of memory: the next attempt tries again."
        }
    }
}
