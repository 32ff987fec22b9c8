import Foundation

/// A process's threads as Linux lists them under `/proc/<pid>/task`.
public enum ProcessThreads {
    /// The thread ids of `process` (`"self"` for this one) whose name is `name`.
    public static func ids(named name: String, in process: String = "self") -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task")) ?? []
        return tasks.filter { task in
            (try? String(contentsOfFile: "/proc/\(process)/task/\(task)/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines) == name
        }
    }

    /// How often a thread has been scheduled so far: its voluntary and involuntary context switches.
    public static func contextSwitches(of thread: String, in process: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(process)/task/\(thread)/status", encoding: .utf8)
        return status.split(separator: "\n")
            .filter { $0.hasPrefix("voluntary_ctxt_switches:") || $0.hasPrefix("nonvoluntary_ctxt_switches:") }
            .compactMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
            .reduce(0, +)
    }
}
