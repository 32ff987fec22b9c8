/// Why the shared defaults could not be read or written.
public struct SharedDefaultsError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: Sendable, Hashable {
        /// The file exists but is not a defaults file (hand-edited, truncated by a failing disk).
        case corrupt
        /// A newer WeatherHub wrote the file; this version does not change it.
        case newerSchema
        /// The container directory or file cannot be read or written by this user.
        case permissionDenied
        /// Another system error.
        case system
    }

    public var code: Code
    public var path: String
    public var detail: String

    public init(_ code: Code, path: String, detail: String) {
        self.code = code
        self.path = path
        self.detail = detail
    }

    public var description: String {
        switch code {
        case .corrupt:
            "the shared defaults at \(path) are unreadable (\(detail)); the last good values stay in use, and the next `weatherctl city set` rewrites the file"
        case .newerSchema:
            "the shared defaults at \(path) were written by a newer WeatherHub (\(detail)); upgrade weatherhub and weatherctl together"
        case .permissionDenied:
            "cannot write the shared defaults at \(path) (\(detail)): run as the service user or a member of its group (`sudo usermod -aG weatherhub $USER`, then log in again)"
        case .system:
            "shared defaults at \(path): \(detail)"
        }
    }
}
