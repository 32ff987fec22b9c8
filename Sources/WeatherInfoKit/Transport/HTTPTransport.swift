/// Sends one HTTP GET and returns the complete response, so the OpenWeatherMap client can be tested
/// and reused over any transport. ``HTTPClientTransport`` is the real one.
public protocol HTTPTransport: Sendable {
    /// Sends the request and waits for the whole response. HTTP error statuses are responses, not errors;
    /// only a failure to get a complete response throws. Cancelling the task aborts the transfer.
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}
