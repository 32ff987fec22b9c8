public import InkUI

/// The simulated panel: an image file per refresh instead of hardware.
public struct SimulatedPanelSettings: Sendable, Hashable, Codable {
    /// The native size of the simulated panel.
    public var size: PixelSize
    /// The colours it shows.
    public var capability: ColorCapability
    /// The refresh kinds it offers besides full.
    public var features: PanelFeatures
    /// How many refresh images `<state>/panel/history/` keeps.
    public var historyLimit: Int

    /// 400×300 monochrome (the 4.2" panel's size) with fast and partial refresh, 20 images kept.
    public init(
        size: PixelSize = PixelSize(width: 400, height: 300), capability: ColorCapability = .monochrome,
        features: PanelFeatures = PanelFeatures(fastRefresh: true, partialRefresh: true), historyLimit: Int = 20
    ) {
        self.size = size
        self.capability = capability
        self.features = features
        self.historyLimit = historyLimit
    }
}
