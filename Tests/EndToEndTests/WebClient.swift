import Foundation
import HubTestSupport
import Synchronization

/// A browser's requests without a browser, made by curl in a process of its own: one cookie as the last
/// `Set-Cookie` left it, redirects not followed (so a test sees each `303`), forms posted URL-encoded.
final class WebClient: Sendable {
    /// What the hub answered.
    struct Answer {
        let status: Int
        let headers: [(name: String, value: String)]
        let body: String

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        /// The CSRF token of the page's first form.
        var csrfToken: String? {
            guard let range = body.range(of: #"name="csrf" value="([0-9a-f]+)""#, options: .regularExpression) else { return nil }
            return String(body[range].dropFirst(#"name="csrf" value=""#.count).dropLast())
        }
    }

    let baseURL: String
    private let jar = Mutex<String?>(nil)

    init(baseURL: String) {
        self.baseURL = baseURL
    }

    /// The cookie sent with each request (`name=value`).
    var cookie: String? {
        get { jar.withLock { $0 } }
        set { jar.withLock { $0 = newValue } }
    }

    /// `GET path`, with more headers (a TRMNL device's `ID`) when given.
    func get(_ path: String, headers: [String: String] = [:]) async throws -> Answer {
        try await send(path, headers: headers, body: nil)
    }

    func post(_ path: String, form: [(String, String)]) async throws -> Answer {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = form.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
        return try await send(path, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: body)
    }

    /// `POST path` with a JSON body, as a device sends its log.
    func post(_ path: String, json: String, headers: [String: String]) async throws -> Answer {
        try await send(path, headers: headers.merging(["Content-Type": "application/json"]) { $1 }, body: json)
    }

    /// Opens the sign-in page and posts `password` with its token.
    func signIn(password: String) async throws -> Answer {
        let page = try await get("/sign-in")
        return try await post("/sign-in", form: [("csrf", page.csrfToken ?? ""), ("password", password)])
    }

    private func send(_ path: String, headers: [String: String], body: String?) async throws -> Answer {
        var arguments = ["-sS", "-i", "--max-time", "90", "-H", "Expect:"]
        if let cookie { arguments += ["-H", "Cookie: \(cookie)"] }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { arguments += ["-H", "\(name): \(value)"] }
        if let body { arguments += ["--data-raw", body] }
        let output = try await MosquittoBrokerCommand.run("/usr/bin/curl", arguments + [baseURL + path])
        let answer = try Self.parse(output.standardOutput)
        if let setCookie = answer.header("Set-Cookie"), let pair = setCookie.split(separator: ";").first {
            cookie = pair.hasSuffix("=") ? nil : String(pair)
        }
        return answer
    }

    private static func parse(_ text: String) throws -> Answer {
        guard let end = text.range(of: "\r\n\r\n") else { throw SandboxError("no HTTP answer: \(text)") }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        guard let status = lines.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw SandboxError("no status line: \(text)")
        }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Answer(status: status, headers: headers, body: String(text[end.upperBound...]))
    }
}
