public import InkUI

/// What the refresh policy needs to know about a panel: the frames it takes and the windows it can
/// refresh.
public struct PanelLayout: Sendable, Hashable {
    /// Native size and rotation.
    public let orientation: PanelOrientation
    /// The colours frames carry.
    public let capability: ColorCapability
    /// The refresh kinds besides full.
    public let features: PanelFeatures
    /// Partial windows start and end on multiples of this many native pixels along the RAM's X
    /// axis (8: one RAM byte holds 8 pixels).
    public let windowAlignment: Int

    /// A layout as given.
    public init(orientation: PanelOrientation, capability: ColorCapability, features: PanelFeatures, windowAlignment: Int) {
        self.orientation = orientation
        self.capability = capability
        self.features = features
        self.windowAlignment = windowAlignment
    }

    /// The size frames must have.
    public var frameSize: PixelSize { orientation.logicalSize }

    /// The window a partial refresh of `changed` (logical coordinates) actually redraws, widened to the
    /// controller's byte boundary in native coordinates and given back in logical coordinates.
    public func refreshWindow(for changed: PixelRect) -> PixelRect {
        logicalRect(forNative: nativeWindow(for: changed))
    }

    /// The native RAM window for a logical rectangle: byte-aligned along native X, clipped to the RAM
    /// rows (whole bytes, so it may extend past the last visible column of a 122-pixel panel).
    public func nativeWindow(for changed: PixelRect) -> PixelRect {
        let native = orientation.nativeRect(for: changed).alignedHorizontally(to: windowAlignment)
        let ramWidth = (orientation.nativeSize.width + windowAlignment - 1) / windowAlignment * windowAlignment
        let ram = PixelRect(x: 0, y: 0, width: ramWidth, height: orientation.nativeSize.height)
        return native.intersection(ram) ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
    }

    private func logicalRect(forNative window: PixelRect) -> PixelRect {
        let visible = window.intersection(PixelRect(origin: .zero, size: orientation.nativeSize)) ?? window
        return orientation.logicalRect(for: visible)
    }
}
