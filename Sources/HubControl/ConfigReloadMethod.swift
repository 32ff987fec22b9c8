/// Has the service read its configuration file again and rebuild itself from it (`weatherctl config
/// reload`, and `config set` after it saves the file). A file with problems is refused with them and
/// the running configuration stays; with `wait`, the answer comes once the new build shows its first
/// frame.
public enum ConfigReloadMethod: ControlMethod {
    public struct Params: Codable, Sendable, Hashable {
        public var wait: Bool

        public init(wait: Bool) {
            self.wait = wait
        }
    }

    public typealias Result = Empty
    public static let name = "config.reload"
}
