#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import HubDisplays

/// `weatherctl displays`: every networked display, its devices and the devices awaiting approval.
public enum DisplaysMethod: ControlMethod {
    public typealias Params = Empty
    public typealias Result = DisplaysReport
    public static let name = "displays"
}

/// `weatherctl displays approve MAC [--display ID]`: lets a waiting (or not yet seen) device show a
/// TRMNL display; it gets its key at its next `/api/setup`.
public enum DisplayApproveMethod: ControlMethod {
    public struct Params: Codable, Sendable, Hashable {
        public var device: DeviceID
        /// The display; may be left out when only one display takes devices.
        public var display: String?

        public init(device: DeviceID, display: String?) {
            self.device = device
            self.display = display
        }
    }

    public struct Result: Codable, Sendable, Hashable {
        public var device: DeviceID
        public var display: String
        public var friendlyID: String

        public init(device: DeviceID, display: String, friendlyID: String) {
            self.device = device
            self.display = display
            self.friendlyID = friendlyID
        }
    }

    public static let name = "displays.approve"
}

/// `weatherctl displays remove MAC`: the device's key stops working at once.
public enum DisplayRemoveMethod: ControlMethod {
    public struct Params: Codable, Sendable, Hashable {
        public var device: DeviceID

        public init(device: DeviceID) {
            self.device = device
        }
    }

    public typealias Result = Empty
    public static let name = "displays.remove"
}

/// `weatherctl displays preview ID` and `url ID`: a display's current image as PNG, and the URL (with
/// its token) that fetches it.
public enum DisplayImageMethod: ControlMethod {
    public struct Params: Codable, Sendable, Hashable {
        public var display: String

        public init(display: String) {
            self.display = display
        }
    }

    public struct Result: Codable, Sendable, Hashable {
        /// The current frame as PNG; nil before the first frame.
        public var png: Data?
        /// The display's image URL path with its token (`/displays/kitchen.png?token=…`).
        public var path: String

        public init(png: Data?, path: String) {
            self.png = png
            self.path = path
        }
    }

    public static let name = "displays.image"
}
