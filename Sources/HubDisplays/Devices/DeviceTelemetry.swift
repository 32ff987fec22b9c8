#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What a device said about itself on its last request (TRMNL's headers), and what it was told.
public struct DeviceTelemetry: Sendable, Hashable, Codable {
    public var lastSeen: Date
    /// The peer's IP address.
    public var address: String?
    public var batteryVoltage: Double?
    /// Wi-Fi signal strength in dBm.
    public var rssi: Int?
    public var firmware: String?
    public var model: String?
    /// The screen size the device reported.
    public var width: Int?
    public var height: Int?
    /// The sleep it reported it was using.
    public var refreshRate: Int?
    /// When it was told to wake next.
    public var nextWake: Date?
    /// The image it was last sent.
    public var filename: String?

    public init(
        lastSeen: Date, address: String? = nil, batteryVoltage: Double? = nil, rssi: Int? = nil, firmware: String? = nil,
        model: String? = nil, width: Int? = nil, height: Int? = nil, refreshRate: Int? = nil
    ) {
        self.lastSeen = lastSeen
        self.address = address
        self.batteryVoltage = batteryVoltage
        self.rssi = rssi
        self.firmware = firmware
        self.model = model
        self.width = width
        self.height = height
        self.refreshRate = refreshRate
    }
}

extension DeviceTelemetry {
    /// The battery as reports show it, `4.12 V`; "–" when the device did not say.
    public var batteryText: String {
        guard let batteryVoltage else { return "–" }
        let centivolts = Int((batteryVoltage * 100).rounded())
        let fraction = centivolts % 100
        return "\(centivolts / 100).\(fraction < 10 ? "0" : "")\(fraction) V"
    }

    /// The Wi-Fi signal as reports show it, `-61 dBm`; "–" when the device did not say.
    public var signalText: String {
        rssi.map { "\($0) dBm" } ?? "–"
    }
}
