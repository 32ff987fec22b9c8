import NIOCore

/// Splits a byte stream at `\n` (dropping a preceding `\r`). A line longer than `maxLength` is never
/// buffered whole: its bytes are discarded as they arrive and only its length is reported.
struct LineFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = SocketLine

    let maxLength: Int
    /// Bytes of an overlong line discarded so far; nil while reading a normal line.
    private var discarded: Int?

    init(maxLength: Int) {
        self.maxLength = max(1, maxLength)
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n"))
        if let count = discarded {
            guard let newline else {
                discarded = count + buffer.readableBytes
                buffer.moveReaderIndex(to: buffer.writerIndex)
                return .needMoreData
            }
            let length = newline - buffer.readerIndex
            buffer.moveReaderIndex(forwardBy: length + 1)
            discarded = nil
            context.fireChannelRead(wrapInboundOut(.overlong(bytes: count + length)))
            return .continue
        }
        guard let newline else {
            if buffer.readableBytes > maxLength {
                discarded = buffer.readableBytes
                buffer.moveReaderIndex(to: buffer.writerIndex)
            }
            return .needMoreData
        }
        let length = newline - buffer.readerIndex
        guard length <= maxLength else {
            buffer.moveReaderIndex(forwardBy: length + 1)
            context.fireChannelRead(wrapInboundOut(.overlong(bytes: length)))
            return .continue
        }
        var line = buffer.readBytes(length: length) ?? []
        buffer.moveReaderIndex(forwardBy: 1)
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        if !line.isEmpty { context.fireChannelRead(wrapInboundOut(.line(line))) }
        return .continue
    }

    /// At the end of the stream a last line without a line break still counts.
    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        if let count = discarded {
            discarded = nil
            context.fireChannelRead(wrapInboundOut(.overlong(bytes: count + buffer.readableBytes)))
        } else if buffer.readableBytes > 0, var line = buffer.readBytes(length: buffer.readableBytes) {
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if !line.isEmpty { context.fireChannelRead(wrapInboundOut(.line(line))) }
        }
        buffer.moveReaderIndex(to: buffer.writerIndex)
        return .needMoreData
    }
}
