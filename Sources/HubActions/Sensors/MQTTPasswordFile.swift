#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem

/// The MQTT password as a door writes it: never into the configuration file, but into `mqtt-password`
/// beside it (mode 0640, written atomically), which the configuration names in `mqtt.password_file`.
public struct MQTTPasswordFile: Sendable {
    /// Where the password goes.
    public let path: String

    /// The file beside `configFile`.
    public init(configFile: String) {
        path = AtomicFile.parentDirectory(of: configFile) + "/mqtt-password"
    }

    /// Stores `password`; once this returns it survives a crash. A password with a line break or over
    /// 256 bytes is refused and nothing is written.
    public func store(_ password: String) throws(MQTTPasswordRefusal) {
        guard !password.isEmpty, password.utf8.count <= 256, !password.contains(where: \.isNewline) else {
            throw .unusable
        }
        do {
            try AtomicFile.write(Data((password + "\n").utf8), to: path, permissions: 0o640)
        } catch {
            throw .notSaved("\(error)")
        }
    }
}

/// Why an MQTT password was not stored.
public enum MQTTPasswordRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    case unusable
    case notSaved(String)

    public var description: String {
        switch self {
        case .unusable: "a broker password is one line of at most 256 bytes"
        case .notSaved(let reason): "the password could not be saved: \(reason)"
        }
    }
}
