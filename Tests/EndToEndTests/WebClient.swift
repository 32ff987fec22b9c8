import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// A browser's requests without a browser: one cookie jar of one cookie, redirects not followed (so a
/// test sees each `303`), forms posted URL-encoded.
final class WebClient: NSObject, URLSessionTaskDelegate, Sendable {
    /// What the hub answered.
    struct Answer {
        let status: Int
        let headers: [String: String]
        let body: String

        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }

        /// The CSRF token of the page's first form.
        var csrfToken: String? {
            guard let range = body.range(of: #"name="csrf" value="([0-9a-f]+)""#, options: .regularExpression) else { return nil }
            return String(body[range].dropFirst(#"name="csrf" value=""#.count).dropLast())
        }
    }

    let baseURL: String
    private let jar = Mutex<String?>(nil)
    private let session: Mutex<URLSession?> = Mutex(nil)

    init(baseURL: String) {
        self.baseURL = baseURL
    }

    /// The cookie sent with each request (`name=value`), as the last `Set-Cookie` left it.
    var cookie: String? {
        get { jar.withLock { $0 } }
        set { jar.withLock { $0 = newValue } }
    }

    func get(_ path: String) async throws -> Answer {
        try await send("GET", path, body: nil)
    }

    func post(_ path: String, form: [(String, String)]) async throws -> Answer {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = form.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
        return try await send("POST", path, body: Data(body.utf8))
    }

    /// Opens the sign-in page and posts `password` with its token.
    func signIn(password: String) async throws -> Answer {
        let page = try await get("/sign-in")
        return try await post("/sign-in", form: [("csrf", page.csrfToken ?? ""), ("password", password)])
    }

    private func send(_ method: String, _ path: String, body: Data?) async throws -> Answer {
        var request = URLRequest(url: URL(string: baseURL + path)!)
        request.httpMethod = method
        request.httpBody = body
        request.httpShouldHandleCookies = false
        if body != nil { request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type") }
        if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        let (data, response) = try await urlSession.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for case let (name as String, value as String) in http.allHeaderFields { headers[name] = value }
        let answer = Answer(status: http.statusCode, headers: headers, body: String(decoding: data, as: UTF8.self))
        if let setCookie = answer.header("Set-Cookie"), let pair = setCookie.split(separator: ";").first {
            cookie = pair.hasSuffix("=") ? nil : String(pair)
        }
        return answer
    }

    private var urlSession: URLSession {
        session.withLock { session in
            if let session { return session }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpCookieAcceptPolicy = .never
            configuration.httpShouldSetCookies = false
            configuration.timeoutIntervalForRequest = 90
            let made = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
            session = made
            return made
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
