import CCurl
import Synchronization

/// One transfer on its own easy handle, performed synchronously by ``perform()`` on a dedicated thread.
/// ``cancel()`` may be called from any thread: the progress callback sees it and aborts.
final class CurlTransfer: Sendable {
    let request: HTTPRequest
    let configuration: CurlTransport.Configuration
    private let cancelled = Atomic<Bool>(false)

    init(request: HTTPRequest, configuration: CurlTransport.Configuration) {
        self.request = request
        self.configuration = configuration
    }

    func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Runs the transfer to its end. Blocks the calling thread.
    func perform() -> Result<HTTPResponse, TransportError> {
        do {
            try CurlLibrary.loadIfNeeded()
        } catch {
            return .failure(error)
        }
        guard let handle = ccurl_easy_init() else {
            return .failure(.failed(code: Int(CURLE_FAILED_INIT.rawValue), detail: "libcurl could not create a handle"))
        }
        defer { ccurl_easy_cleanup(handle) }

        var headerList: UnsafeMutablePointer<curl_slist>?
        for header in request.headers {
            headerList = ccurl_slist_append(headerList, "\(header.name): \(header.value)")
        }
        defer { ccurl_slist_free_all(headerList) }

        let sink = CurlResponseSink(maximumBodySize: configuration.maximumBodySize, transfer: self)
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        defer { errorBuffer.deallocate() }

        let code: CURLcode = withExtendedLifetime(sink) {
            let context = Unmanaged.passUnretained(sink).toOpaque()
            let setup = configure(handle, headers: headerList, errorBuffer: errorBuffer, context: context)
            guard setup == CURLE_OK else { return setup }
            return ccurl_easy_perform(handle)
        }

        guard code == CURLE_OK else {
            return .failure(error(for: code, sink: sink, detail: String(cString: errorBuffer)))
        }
        var status = 0
        _ = ccurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return .success(HTTPResponse(status: status, headers: sink.headers, body: sink.body))
    }

    private func configure(
        _ handle: UnsafeMutableRawPointer,
        headers: UnsafeMutablePointer<curl_slist>?,
        errorBuffer: UnsafeMutablePointer<CChar>,
        context: UnsafeMutableRawPointer
    ) -> CURLcode {
        let protocols = configuration.allowsPlainHTTP ? "http,https" : "https"
        let steps: [() -> CURLcode] = [
            { ccurl_easy_setopt_string(handle, CURLOPT_URL, self.request.url) },
            { ccurl_easy_setopt_string(handle, CURLOPT_PROTOCOLS_STR, protocols) },
            { ccurl_easy_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, protocols) },
            { ccurl_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0) },
            // Signals are process-wide; a library on a shared thread must not use them for timeouts.
            { ccurl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1) },
            { ccurl_easy_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1) },
            { ccurl_easy_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2) },
            { ccurl_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, self.configuration.connectTimeout.wholeMilliseconds) },
            { ccurl_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, self.configuration.totalTimeout.wholeMilliseconds) },
            { ccurl_easy_setopt_off(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(self.configuration.maximumBodySize)) },
            // An empty string asks for every encoding this libcurl can decode (gzip, deflate, …).
            { ccurl_easy_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "") },
            { ccurl_easy_setopt_string(handle, CURLOPT_USERAGENT, self.configuration.userAgent) },
            { ccurl_easy_setopt_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headers)) },
            { ccurl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer)) },
            { ccurl_easy_setopt_write_function(handle, CurlResponseSink.receiveBody) },
            { ccurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context) },
            { ccurl_easy_setopt_header_function(handle, CurlResponseSink.receiveHeader) },
            { ccurl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context) },
            { ccurl_easy_setopt_progress_function(handle, CurlResponseSink.reportProgress) },
            { ccurl_easy_setopt_pointer(handle, CURLOPT_XFERINFODATA, context) },
        ]
        for step in steps {
            let result = step()
            if result != CURLE_OK { return result }
        }
        return CURLE_OK
    }

    private func error(for code: CURLcode, sink: CurlResponseSink, detail: String) -> TransportError {
        let message = detail.isEmpty ? String(cString: ccurl_easy_strerror(code)) : detail
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .hostNotFound(host: Self.host(of: request.url))
        case CURLE_COULDNT_CONNECT:
            return .connectionRefused(host: Self.host(of: request.url))
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_USE_SSL_FAILED, CURLE_SSL_ENGINE_NOTFOUND,
            CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_SHUTDOWN_FAILED:
            return .tls(detail: message)
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING:
            return .cutOff
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        case CURLE_FILESIZE_EXCEEDED:
            return .tooLarge(limit: configuration.maximumBodySize)
        case CURLE_WRITE_ERROR where sink.exceededLimit:
            return .tooLarge(limit: configuration.maximumBodySize)
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .schemeNotAllowed(url: Self.origin(of: request.url))
        default:
            return .failed(code: Int(code.rawValue), detail: message)
        }
    }

    /// The host part of an absolute URL, for messages (never the path or query, which hold the key).
    static func host(of url: String) -> String {
        let origin = origin(of: url)
        let afterScheme = origin.firstRange(of: "://").map { origin[$0.upperBound...] } ?? origin[...]
        if afterScheme.hasPrefix("[") {
            return String(afterScheme.prefix { $0 != "]" }) + "]"
        }
        return String(afterScheme.prefix { $0 != ":" })
    }

    /// Scheme, host and port of an absolute URL, without path or query.
    static func origin(of url: String) -> String {
        let schemeEnd = url.firstRange(of: "://")?.upperBound ?? url.startIndex
        let pathStart = url[schemeEnd...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
        return String(url[..<pathStart])
    }
}
