import Foundation

/// Runs `body` with a new, empty directory under the system's temporary directory and removes it
/// afterwards, so tests can run in parallel without sharing files.
@discardableResult
func withTemporaryDirectory<Result>(_ body: (String) async throws -> Result) async throws -> Result {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("weatherinfokit-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try await body(path)
}
