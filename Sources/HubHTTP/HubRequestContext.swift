import Hummingbird
import HubDisplays
import HubWeb
import NIOCore

/// Each request's context: the peer's address (rate limits, `auto_register`'s local-network rule) and
/// the largest body read (device logs).
struct HubRequestContext: RequestContext, RemoteAddressRequestContext, WebRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    var maxUploadSize: Int { DeviceLogStore.bodyLimit }

    /// The peer's IP address as text.
    var peer: String { remoteAddress?.ipAddress ?? "unknown" }

    /// Whether the peer is on loopback or a private network.
    var peerIsLocal: Bool { remoteAddress?.ipAddress.map(Self.isLocal) ?? false }

    /// Whether an address as SwiftNIO writes it is loopback, private (RFC 1918), IPv4 link local, or IPv6
    /// unique or link local; IPv4 addresses mapped into IPv6 count as themselves.
    static func isLocal(_ address: String) -> Bool {
        let ip = address.lowercased()
        let v4 = ip.hasPrefix("::ffff:") ? String(ip.dropFirst(7)) : ip
        let octets = v4.split(separator: ".").compactMap { UInt8($0) }
        if octets.count == 4 {
            return octets[0] == 127 || octets[0] == 10 || (octets[0] == 172 && (16...31).contains(octets[1]))
                || (octets[0] == 192 && octets[1] == 168) || (octets[0] == 169 && octets[1] == 254)
        }
        return ip == "::1" || ip.hasPrefix("fc") || ip.hasPrefix("fd") || ip.hasPrefix("fe80:")
    }
}
