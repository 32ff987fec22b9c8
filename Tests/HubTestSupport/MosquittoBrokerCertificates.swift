public import Foundation

/// A certificate authority and a server certificate for `localhost`/`127.0.0.1`, made with `openssl`
/// for one test (P-256 keys, valid one day), plus a client certificate signed by the same CA.
public struct MosquittoBrokerCertificates: Sendable {
    public let caFile: String
    public let serverCertificateFile: String
    public let serverKeyFile: String
    public let clientCertificateFile: String
    public let clientKeyFile: String

    /// Creates the files in `directory`.
    public static func make(in directory: URL) async throws -> MosquittoBrokerCertificates {
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        let openssl = "/usr/bin/openssl"
        let keyOptions = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try await MosquittoBrokerCommand.run(
            openssl,
            ["req", "-x509"] + keyOptions + [
                "-keyout", path("ca.key"), "-out", path("ca.crt"), "-days", "1", "-subj", "/CN=WeatherHub Test CA",
            ])
        try "subjectAltName=DNS:localhost,IP:127.0.0.1\n".write(toFile: path("server.ext"), atomically: true, encoding: .utf8)
        for (name, extensions) in [("server", ["-extfile", path("server.ext")]), ("client", [])] {
            try await MosquittoBrokerCommand.run(
                openssl, ["req"] + keyOptions + ["-keyout", path("\(name).key"), "-out", path("\(name).csr"), "-subj", "/CN=\(name == "server" ? "localhost" : "weatherhub")"])
            try await MosquittoBrokerCommand.run(
                openssl,
                [
                    "x509", "-req", "-in", path("\(name).csr"), "-CA", path("ca.crt"), "-CAkey", path("ca.key"),
                    "-CAcreateserial", "-out", path("\(name).crt"), "-days", "1",
                ] + extensions)
        }
        return MosquittoBrokerCertificates(
            caFile: path("ca.crt"), serverCertificateFile: path("server.crt"), serverKeyFile: path("server.key"),
            clientCertificateFile: path("client.crt"), clientKeyFile: path("client.key"))
    }
}
