import HubSystem
import Synchronization

/// Tells systemd READY once every part that must be up is: the first frame on the panel and, when
/// configured, the web side listening (so a device or script started after the service finds it).
final class StartupReadiness: Sendable {
    enum Part: Hashable, Sendable {
        case panel
        case web
    }

    private let waiting: Mutex<Set<Part>>
    private let onReady: @Sendable () -> Void

    init(waitingFor parts: Set<Part>, onReady: @escaping @Sendable () -> Void) {
        waiting = Mutex(parts)
        self.onReady = onReady
    }

    /// Marks a part as up; the last one calls `onReady`, once.
    func done(_ part: Part) {
        let ready = waiting.withLock { waiting in
            waiting.remove(part) != nil && waiting.isEmpty
        }
        if ready { onReady() }
    }
}
