public import InkUI
public import InkWidgets

/// One e-ink screen the hub renders for over the network: a TRMNL device (or an ESP32 running TRMNL's
/// firmware) that asks `/api/display`, or an image that ESPHome, a Kindle script or a browser fetches.
/// Each has its own size, depth, rotation and widget layout, and runs the same timeline rules as the
/// wired panel.
public struct NetworkDisplayProfile: Sendable, Hashable {
    /// How the screen talks to the hub.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// TRMNL's device API: `/api/setup`, `/api/display`, `/api/log`, and the image it names.
        case trmnl
        /// Only the image: `/displays/<id>.png` or `.bmp` with the display's token.
        case image
    }

    /// The display's name in URLs, the CLI and widget ids: lowercase letters, digits, `-` and `_`.
    public var id: String
    public var kind: Kind
    /// The screen's own pixel size, as its image is sent (800×480 for TRMNL's device).
    public var nativeSize: PixelSize
    /// How the widgets' frame is turned to the screen's pixels (a portrait layout on a landscape screen).
    public var rotation: PanelRotation
    /// One bit per pixel, or four greys for screens that take 2-bit images.
    public var capability: ColorCapability
    /// The widgets, in the frame size the rotation gives (`frameSize`).
    public var layout: WidgetLayout
    /// The bounds of the sleep a battery device is told to take.
    public var wake: WakeBounds
    /// Devices (MAC addresses) allowed to show this display without `weatherctl displays approve`.
    public var devices: [DeviceID]
    /// Whether a device the hub has never seen joins this display on its first `/api/setup`.
    public var autoRegister: Bool

    public init(
        id: String, kind: Kind, nativeSize: PixelSize = PixelSize(width: 800, height: 480), rotation: PanelRotation = .none,
        capability: ColorCapability = .monochrome, layout: WidgetLayout, wake: WakeBounds = WakeBounds(),
        devices: [DeviceID] = [], autoRegister: Bool = false
    ) {
        self.id = id
        self.kind = kind
        self.nativeSize = nativeSize
        self.rotation = rotation
        self.capability = capability
        self.layout = layout
        self.wake = wake
        self.devices = devices
        self.autoRegister = autoRegister
    }

    /// The size the widgets are laid out in: the native size, transposed by a quarter turn.
    public var frameSize: PixelSize { orientation.logicalSize }

    /// Maps the widgets' frame to the screen's pixels.
    public var orientation: PanelOrientation { PanelOrientation(nativeSize: nativeSize, rotation: rotation) }

    /// Whether `id` can name a display in a URL path and a file name.
    public static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 32
            && id.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F }
    }
}

/// How long a battery device may sleep between wake-ups: the time until its display's next change,
/// never shorter than `minimum` (battery) nor longer than `maximum` (a missed change shows late by at
/// most this much).
public struct WakeBounds: Sendable, Hashable {
    public var minimum: Duration
    public var maximum: Duration

    public init(minimum: Duration = .seconds(300), maximum: Duration = .seconds(3600)) {
        self.minimum = minimum
        self.maximum = maximum
    }
}
