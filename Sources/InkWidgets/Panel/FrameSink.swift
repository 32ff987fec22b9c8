public import InkUI

/// Where composed panel frames go: the panel controller (real or simulated) in the service, a counter in
/// a benchmark.
public protocol FrameSink: Sendable {
    /// Shows `frame`. `userInitiated` changes (a `weatherctl` reload, a key press, the service start) may
    /// refresh sooner than the panel's minimum interval. Returns once the panel took it.
    func present(_ frame: Frame, reason: String, userInitiated: Bool) async
}
