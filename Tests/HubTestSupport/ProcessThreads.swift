import Foundation

/// A process's threads as Linux lists them under `/proc/<pid>/task`.
public enum ProcessThreads {
    /// The thread ids of `process` (`"self"` for this one) whose name is `name`.
    public static func ids(named name: String, in process: String = "self") -> [String] {
        tasks(of: process).filter { self.name(of: $0, in: process) == name }
    }

    /// The names of the threads of `process`, one per thread.
    public static func names(in process: String = "self") -> [String] {
        tasks(of: process).compactMap { name(of: $0, in: process) }
    }

    private static func tasks(of process: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task")) ?? []
    }

    private static func name(of thread: String, in process: String) -> String? {
        (try? ProcFile.text("/proc/\(process)/task/\(thread)/comm"))?.trimmingCharacters(in: .newlines)
    }

    /// How often a thread has been scheduled so far: its voluntary and involuntary context switches.
    public static func contextSwitches(of thread: String, in process: String) throws -> Int {
        let status = try ProcFile.text("/proc/\(process)/task/\(thread)/status")
        return status.split(separator: "\n")
            .filter { $0.hasPrefix("voluntary_ctxt_switches:") || $0.hasPrefix("nonvoluntary_ctxt_switches:") }
            .compactMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
            .reduce(0, +)
    }
}
