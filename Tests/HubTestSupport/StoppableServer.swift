/// A test server that a test starts and must stop, whatever happens.
public protocol StoppableServer: Sendable {
    /// Stops listening and closes every connection.
    func stop() async throws
}

extension StoppableServer {
    /// Runs `body` with this started server and stops the server afterwards, also when `body` throws.
    @discardableResult
    public func run<Result>(_ body: (Self) async throws -> Result) async throws -> Result {
        do {
            let result = try await body(self)
            try await stop()
            return result
        } catch {
            try? await stop()
            throw error
        }
    }
}
