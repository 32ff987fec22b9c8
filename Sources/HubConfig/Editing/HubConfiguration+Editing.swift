public import InkWidgets

extension HubConfiguration {
    /// The configuration the file `file` would give, with the problems `weatherctl config check` would
    /// list for it: what a form shows, and what `ConfigFile.change` checks before it writes.
    public static func reading(
        _ file: ConfigSnapshot, paths: HubPaths, environment: [String: String], catalog: [WidgetDescription]
    ) -> (configuration: HubConfiguration, problems: [ConfigurationProblem]) {
        read(paths: paths, environment: environment, catalog: catalog, file: file.exists ? .text(file.text, mode: file.mode) : .missing)
    }
}
