import InkUI

extension PanelLayout {
    /// Refuses a request the driver must never run: a frame of the wrong size or colours, a refresh kind
    /// the panel lacks, or a partial refresh without a known image on screen.
    func check(_ request: PanelRefresh, panel: String, hasPartialBase: Bool) throws {
        guard request.frame.size == frameSize, request.frame.capability == capability else {
            throw PanelFrameError.mismatch(panel: panel, expected: frameSize, capability: capability, got: request.frame)
        }
        guard features.supports(request.kind) else {
            throw PanelFrameError("panel \(panel) has no \(request.kind.rawValue) refresh")
        }
        if request.kind == .partial {
            guard hasPartialBase else {
                throw PanelFrameError("panel \(panel): a partial refresh needs a full or fast refresh first")
            }
            guard let window = request.window, window.intersection(request.frame.bounds) != nil else {
                throw PanelFrameError("panel \(panel): a partial refresh needs a window inside the frame")
            }
        }
    }
}
