#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// An approved device: the display it shows and the key it authenticates with.
public struct DeviceRegistration: Sendable, Hashable, Codable {
    public var device: DeviceID
    /// The display's id.
    public var display: String
    /// TRMNL's `api_key`, sent back by the device as `Access-Token`. Never logged or shown in status.
    public var apiKey: String
    /// TRMNL's `friendly_id`, the short code a person reads.
    public var friendlyID: String
    public var approved: Date

    enum CodingKeys: String, CodingKey {
        case device, display, apiKey = "api_key", friendlyID = "friendly_id", approved
    }
}

/// A device that asked `/api/setup` and is not allowed yet: what `weatherctl displays approve` acts on.
public struct PendingDevice: Sendable, Hashable, Codable {
    public var device: DeviceID
    public var firstSeen: Date
    public var telemetry: DeviceTelemetry
}
