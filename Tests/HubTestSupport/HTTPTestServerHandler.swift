import NIOCore
import NIOHTTP1

/// Reads one request per connection and writes the handler's response the way its ``HTTPTestServer/Delivery``
/// says, then closes the connection.
final class HTTPTestServerHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let core: HTTPTestServerCore
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []

    init(core: HTTPTestServerCore) {
        self.core = core
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead):
            head = requestHead
            body = []
        case .body(var buffer):
            body += buffer.readBytes(length: buffer.readableBytes) ?? []
        case .end:
            guard let head else { return }
            respond(to: Self.request(head, body: body), context: context)
        }
    }

    private func respond(to request: HTTPTestServer.Request, context: ChannelHandlerContext) {
        let response = core.answer(request)
        let loop = context.eventLoop.assumeIsolated()
        switch response.delivery {
        case .immediately:
            writeHead(response, context: context)
            finish(with: response.body, context: context)
        case .afterDelay(let delay):
            loop.scheduleTask(in: Self.timeAmount(delay)) {
                self.writeHead(response, context: context)
                self.finish(with: response.body, context: context)
            }
        case .trickle(let chunkSize, let interval):
            writeHead(response, context: context)
            context.flush()
            trickle(response.body[...], chunkSize: max(1, chunkSize), interval: Self.timeAmount(interval), context: context)
        case .cutOff(let bytes):
            writeHead(response, context: context)
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: response.body.prefix(bytes))))))
                .assumeIsolated()
                .whenComplete { _ in context.close(promise: nil) }
        case .never:
            break
        }
    }

    private func trickle(_ remaining: ArraySlice<UInt8>, chunkSize: Int, interval: TimeAmount, context: ChannelHandlerContext) {
        guard !remaining.isEmpty else {
            finish(with: [], context: context)
            return
        }
        context.eventLoop.assumeIsolated().scheduleTask(in: interval) {
            guard context.channel.isActive else { return }
            self.writeBody(remaining.prefix(chunkSize), context: context)
            context.flush()
            self.trickle(remaining.dropFirst(chunkSize), chunkSize: chunkSize, interval: interval, context: context)
        }
    }

    private func writeHead(_ response: HTTPTestServer.Response, context: ChannelHandlerContext) {
        var headers = HTTPHeaders(response.headers.map { ($0.name, $0.value) })
        if !headers.contains(name: "Content-Length"), !headers.contains(name: "Transfer-Encoding") {
            headers.add(name: "Content-Length", value: String(response.body.count))
        }
        headers.replaceOrAdd(name: "Connection", value: "close")
        let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
    }

    private func writeBody(_ bytes: some Collection<UInt8>, context: ChannelHandlerContext) {
        guard !bytes.isEmpty else { return }
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: bytes)))), promise: nil)
    }

    private func finish(with bytes: some Collection<UInt8>, context: ChannelHandlerContext) {
        writeBody(bytes, context: context)
        context.writeAndFlush(wrapOutboundOut(.end(nil)))
            .assumeIsolated()
            .whenComplete { _ in context.close(promise: nil) }
    }

    private static func timeAmount(_ duration: Duration) -> TimeAmount {
        let parts = duration.components
        return .nanoseconds(parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000)
    }

    static func request(_ head: HTTPRequestHead, body: [UInt8]) -> HTTPTestServer.Request {
        let target = head.uri
        let questionMark = target.firstIndex(of: "?")
        let path = String(target[..<(questionMark ?? target.endIndex)])
        let queryText = questionMark.map { target[target.index(after: $0)...] } ?? ""
        let query = queryText.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return HTTPTestServer.QueryItem(
                name: percentDecoded(parts[0]), value: parts.count > 1 ? percentDecoded(parts[1]) : "")
        }
        return HTTPTestServer.Request(
            method: head.method.rawValue, target: target, path: path, query: query,
            headers: head.headers.map { HTTPTestServer.Header(name: $0.name, value: $0.value) }, body: body)
    }

    /// `%XX` to bytes and `+` to a space (form encoding), read as UTF-8.
    static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), utf8.distance(from: index, to: utf8.endIndex) >= 3,
                let value = UInt8(String(decoding: utf8[utf8.index(after: index)..<utf8.index(index, offsetBy: 3)], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index = utf8.index(index, offsetBy: 3)
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index = utf8.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
