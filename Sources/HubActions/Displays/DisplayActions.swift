public import HubDisplays

/// What a person does with networked displays' devices: approve a TRMNL device for a display, or remove
/// one (its key stops working at once and its logs go); and where a display's image is fetched.
public struct DisplayActions: Sendable {
    let registry: DeviceRegistry
    let logs: DeviceLogStore

    /// Actions on the devices kept in `registry`, with their logs in `logs`.
    public init(registry: DeviceRegistry, logs: DeviceLogStore) {
        self.registry = registry
        self.logs = logs
    }

    /// Lets `device` (waiting, or not yet seen) show `display`; the display may be left out when only one
    /// takes devices. The device gets its key at its next `/api/setup`.
    public func approve(_ device: DeviceID, display: String?) throws(DeviceRegistryError) -> DeviceRegistration {
        try registry.approve(device, display: display)
    }

    /// Forgets `device`: its key opens nothing from now on, and its logs are deleted.
    public func remove(_ device: DeviceID) throws(DeviceRegistryError) {
        try registry.remove(device)
        logs.remove(device)
    }

    /// The path, token included, at which devices fetch `display`'s image: `/displays/hall.png?token=…`.
    /// The token opens only that image; the doors show it only when a person asks for it.
    public func imagePath(of display: String) throws(DeviceRegistryError) -> String {
        "/displays/\(display).png?token=\(try registry.imageToken(of: display))"
    }
}
