/// Why a change to the configuration file was not made. Nothing was written.
public struct ConfigEditRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The change itself cannot be made (a key inside a value that is not a section, a file that is not YAML).
        case notEditable
        /// The file changed since it was read for the form or command; `difference` is from then to now.
        case changedOnDisk(difference: [LineChange])
        /// The changed file would not pass `weatherctl config check`.
        case problems([ConfigurationProblem])
        /// The file could not be read or written (permissions, a full disk).
        case notWritten
    }

    public var reason: Reason
    /// One sentence that says what happened and what to do.
    public var message: String

    public init(_ reason: Reason = .notEditable, message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String {
        guard case .problems(let problems) = reason else { return message }
        return ([message] + problems.map(\.description)).joined(separator: "\n")
    }
}
