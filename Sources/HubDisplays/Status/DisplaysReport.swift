#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import InkUI
public import InkWidgets

/// `weatherctl displays`: every networked display with its devices, and the devices awaiting approval.
/// Holds no key or token.
public struct DisplaysReport: Sendable, Hashable, Codable {
    public var displays: [DisplayStatus]
    public var pending: [PendingDevice]

    public init(displays: [DisplayStatus], pending: [PendingDevice]) {
        self.displays = displays
        self.pending = pending
    }
}

/// One display: its shape, its current image and its widgets' schedule.
public struct DisplayStatus: Sendable, Hashable, Codable {
    public var id: String
    public var kind: NetworkDisplayProfile.Kind
    /// The screen's own width and height.
    public var width: Int
    public var height: Int
    public var rotation: Int
    /// Bits per pixel: 1 or 2.
    public var depth: Int
    /// The current image's name (its pixels' fingerprint); nil until the first frame.
    public var image: String?
    /// When the current image was composed.
    public var composed: Date?
    /// What a device waking now is told to sleep, in seconds.
    public var refreshRate: Int
    public var widgets: [WidgetStatus]
    public var devices: [DeviceStatus]
}

/// One approved device and what it last said.
public struct DeviceStatus: Sendable, Hashable, Codable {
    public var device: DeviceID
    public var friendlyID: String
    public var approved: Date
    /// Nil while the device has not called since the service started.
    public var telemetry: DeviceTelemetry?
    /// Its newest log lines.
    public var log: [String]
}

extension DisplaysReport {
    /// Gathers the report from the running displays, the registry and the device logs.
    public static func gather(displays: [NetworkDisplay], registry: DeviceRegistry, logs: DeviceLogStore, logLines: Int = 5) async -> DisplaysReport {
        let registrations = registry.registrations()
        let now = Date()
        var statuses: [DisplayStatus] = []
        for display in displays {
            let profile = display.profile
            var devices: [DeviceStatus] = []
            for registration in registrations where registration.display == profile.id {
                devices.append(DeviceStatus(
                    device: registration.device, friendlyID: registration.friendlyID, approved: registration.approved,
                    telemetry: registry.telemetry(of: registration.device),
                    log: logs.lastLines(of: registration.device, count: logLines)))
            }
            let image = display.frames.image
            let widgets = await display.scheduler.statuses()
            statuses.append(DisplayStatus(
                id: profile.id, kind: profile.kind, width: profile.nativeSize.width, height: profile.nativeSize.height,
                rotation: profile.rotation.rawValue, depth: profile.capability == .monochrome ? 1 : 2,
                image: image?.filename, composed: image?.composed, refreshRate: display.refreshSeconds(widgets: widgets, now: now),
                widgets: widgets, devices: devices))
        }
        return DisplaysReport(displays: statuses, pending: registry.pendingDevices())
    }
}
