import HTTPTypes
import HubSystem
import Hummingbird
import NIOCore

/// The response shapes the hub answers with.
enum Responses {
    /// A JSON body.
    static func json(_ object: JSONObject, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: object.json)))
    }

    /// A plain-text body: an error that says what to do.
    static func text(_ message: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    /// An image with its entity tag; `304 Not Modified` when the client holds it already.
    static func image(_ bytes: ByteBuffer, contentType: String, entityTag: String, request: Request) -> Response {
        var headers: HTTPFields = [.eTag: entityTag, .cacheControl: "no-cache"]
        if let held = request.headers[.ifNoneMatch], held.split(separator: ",").contains(where: { $0.trimmedWhitespace == entityTag || $0.trimmedWhitespace == "*" }) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = contentType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: bytes))
    }
}
