public import InkWidgets

extension HubConfiguration {
    /// The problems `weatherctl config check` would list if the configuration file held `file`; what
    /// `ConfigFile.change` checks before it writes.
    public static func problems(
        in file: ConfigSnapshot, paths: HubPaths, environment: [String: String], catalog: [WidgetDescription]
    ) -> [ConfigurationProblem] {
        read(paths: paths, environment: environment, catalog: catalog, file: .text(file.text, mode: file.mode)).1
    }
}
