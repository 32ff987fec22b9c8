public import InkUI

/// What happened on the panel, as `PanelController.events()` reports it.
public enum PanelEvent: Sendable {
    /// A refresh reached the panel: the frame it shows now. A periodic full refresh of the same frame
    /// is reported too (its pixels did not change).
    case refreshed(RefreshRecord, Frame)
    /// A refresh failed; the frame is tried again at the failure's `retryAt`.
    case failed(PanelFailure)
}
