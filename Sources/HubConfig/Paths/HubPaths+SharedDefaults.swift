public import SharedDefaultsKit

extension HubPaths {
    /// The suite both executables share (the App Group's name in the seeds).
    public static let sharedDefaultsSuite = "weatherhub"

    /// Opens the shared defaults in the shared container (creating the container when missing).
    public func openSharedDefaults() throws -> SharedDefaults {
        try SharedDefaults(suiteName: Self.sharedDefaultsSuite, containerDirectory: sharedContainer)
    }
}
