public import NIOCore

/// Splits a byte stream into newline-terminated lines of at most `maximumLength` bytes (a trailing `\r` is
/// dropped). A longer line is an error before it is buffered whole, so a client cannot make the service
/// hold more than the limit.
public struct LineFrameDecoder: ByteToMessageDecoder {
    public typealias InboundOut = ByteBuffer

    /// The line being read is longer than the limit.
    public struct LineTooLong: Error, Sendable {
        public let limit: Int
    }

    public let maximumLength: Int

    public init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > maximumLength { throw LineTooLong(limit: maximumLength) }
            return .needMoreData
        }
        let length = newline - buffer.readerIndex
        guard length <= maximumLength else { throw LineTooLong(limit: maximumLength) }
        var line = buffer.readSlice(length: length)!
        buffer.moveReaderIndex(forwardBy: 1)
        if line.readableBytesView.last == UInt8(ascii: "\r") { line = line.getSlice(at: line.readerIndex, length: line.readableBytes - 1)! }
        context.fireChannelRead(wrapInboundOut(line))
        return .continue
    }

    public mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        // A last line without a newline is still a line (`echo -n`, `nc -q0`).
        if buffer.readableBytes > 0, let line = buffer.readSlice(length: buffer.readableBytes) {
            context.fireChannelRead(wrapInboundOut(line))
        }
        return .needMoreData
    }
}
