import AsyncHTTPClient
import NIOCore
import NIOHTTPCompression
import NIOPosix
import Synchronization

/// One AsyncHTTPClient per combination of the settings only a client can carry (connection time limit,
/// body limit, proxy), made at the first transfer that needs it and kept for the life of the process: a
/// client must be shut down before it goes, and the service's transports live as long as it does. The
/// service makes one or two (HTTPS and plain HTTP may take different proxies).
enum SharedHTTPClients {
    struct Settings: Hashable {
        var connectTimeout: Duration
        var maximumBodySize: Int
        var proxy: HTTPClient.Configuration.Proxy?
    }

    private static let clients = Mutex<[Settings: HTTPClient]>([:])

    static func client(for settings: Settings) -> HTTPClient {
        clients.withLock { clients in
            if let client = clients[settings] { return client }
            var configuration = HTTPClient.Configuration(
                redirectConfiguration: .disallow,
                timeout: .init(connect: TimeAmount(settings.connectTimeout)),
                proxy: settings.proxy,
                decompression: .enabled(limit: .size(settings.maximumBodySize)))
            configuration.httpVersion = .http1Only
            // Fail at once when the host cannot be reached; the weather service has its own retry policy.
            configuration.connectionPool.retryConnectionEstablishment = false
            let client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
            clients[settings] = client
            return client
        }
    }
}
