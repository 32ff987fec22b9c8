import HTTPTypes
import HubDisplays
import Hummingbird

/// Answers `429 Too Many Requests` once a client has spent its request budget. A device counts by its
/// `ID` header and its address (a stranger sending a device's MAC spends a budget of its own), anything
/// else (a malformed `ID` too) by its address.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = HubRequestContext

    /// Whose budget a request spends.
    enum Client: Hashable, Sendable {
        case device(DeviceID, address: String)
        case address(String)
    }

    let budget: RequestBudget<Client>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let peer = context.peer
        let client = TRMNLHeader.device(in: request.headers).map { Client.device($0, address: peer) } ?? .address(peer)
        guard budget.admit(client) else {
            return Response(status: .tooManyRequests, headers: [.retryAfter: "10", .contentType: "text/plain; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "too many requests: wait a few seconds\n")))
        }
        return try await next(request, context)
    }
}
