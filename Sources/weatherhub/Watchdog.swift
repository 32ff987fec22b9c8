import HubSystem
import InkWidgets
import Logging
import ServiceLifecycle

/// systemd's watchdog: pings at half of `WatchdogSec=` while the scheduler still answers, so a hung
/// service is restarted rather than leaving the panel stale.
struct Watchdog: Service {
    let notifier: SystemdNotifier
    let interval: Duration
    let scheduler: WidgetScheduler
    let logger: Logger

    func run() async {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                _ = await scheduler.statuses()
                do {
                    try notifier.watchdog()
                } catch {
                    logger.warning("watchdog ping failed: \(error)")
                }
                try? await Task.sleep(for: interval / 2)
            }
        }
    }
}
