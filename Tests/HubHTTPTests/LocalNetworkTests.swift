@testable import HubHTTP
import Testing

@Suite("Local network")
struct LocalNetworkTests {
    @Test("loopback, private and link-local peers count as local for auto_register; public ones do not")
    func classification() {
        let local = [
            "127.0.0.1", "127.8.9.10", "10.0.0.7", "172.16.0.1", "172.31.255.254", "192.168.1.20", "169.254.3.4",
            "::1", "fd12:3456:789a::1", "fc00::5", "fe80::1c2d:3eff:fe4f:5a6b", "FE80::1", "::ffff:192.168.1.20",
        ]
        let remote = [
            "8.8.8.8", "172.15.255.255", "172.32.0.1", "192.169.0.1", "11.0.0.1", "100.64.0.1",
            "2001:db8::1", "2a00:1450:4001::200e", "::ffff:8.8.8.8", "", "unknown",
        ]
        for address in local { #expect(HubRequestContext.isLocal(address), "\(address)") }
        for address in remote { #expect(!HubRequestContext.isLocal(address), "\(address)") }
    }
}
