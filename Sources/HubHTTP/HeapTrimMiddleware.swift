import HubSystem
import Hummingbird

/// Counts every request, from its start to its answer, as activity for the heap trim, so the memory a burst
/// of devices leaves free goes back to the system once the burst is over.
struct HeapTrimMiddleware: RouterMiddleware {
    typealias Context = HubRequestContext

    let heapTrim: QuietHeapTrim

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        heapTrim.noteActivity()
        defer { heapTrim.noteActivity() }
        return try await next(request, context)
    }
}
