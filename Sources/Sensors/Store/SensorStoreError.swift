/// The store could not open or write its database.
public struct SensorStoreError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let underlying: String

    public init(path: String, underlying: String) {
        self.path = path
        self.underlying = underlying
    }

    public var description: String {
        "the sensor database at \(path) cannot be used (\(underlying)): check that the service's state directory "
            + "exists and is writable, or move the damaged file aside to start a new history"
    }
}
