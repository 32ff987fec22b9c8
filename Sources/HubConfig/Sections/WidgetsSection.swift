import InkWidgets

/// `widgets:` — how the timeline scheduler treats every widget.
enum WidgetsSection {
    static func read(_ root: ConfigMapping) -> SchedulerSettings {
        let section = root.section("widgets")
        let defaults = SchedulerSettings()
        let settings = SchedulerSettings(
            minimumReloadInterval: section.duration("min_reload_interval", default: defaults.minimumReloadInterval, in: .seconds(10) ... .seconds(86_400)),
            reloadBudget: section.int("reload_budget", default: defaults.reloadBudget, in: 1...1440),
            providerTimeout: section.duration("provider_timeout", default: defaults.providerTimeout, in: .seconds(1) ... .seconds(600)),
            initialRetryDelay: section.duration("retry_delay", default: defaults.initialRetryDelay, in: .seconds(1) ... .seconds(3600)),
            maximumRetryDelay: section.duration("max_retry_delay", default: defaults.maximumRetryDelay, in: .seconds(1) ... .seconds(86_400)),
            debounceInterval: section.duration("debounce", default: defaults.debounceInterval, in: .zero ... .seconds(60)),
            minimumDisplayInterval: defaults.minimumDisplayInterval,
            prerenderLimit: section.int("prerender_limit", default: defaults.prerenderLimit, in: 1...1000))
        section.finish()
        return settings
    }
}
