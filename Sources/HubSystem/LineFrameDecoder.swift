public import NIOCore

/// Splits a byte stream into lines at `\n` (a `\r` before it is dropped; a last line without a line
/// break still counts), for the service's line protocols: the control socket and the sensor socket feed.
///
/// A line longer than `maximumLength` is never buffered whole, so a client cannot make the service hold
/// more than the limit. What happens to it is the protocol's choice (`OverlongLines`).
public struct LineFrameDecoder: ByteToMessageDecoder {
    public typealias InboundOut = Frame

    /// What the decoder hands on.
    public enum Frame: Sendable, Equatable {
        /// A complete line, without its line break (possibly empty).
        case line(ByteBuffer)
        /// A line longer than the limit, discarded as it streamed past; `bytes` is its length.
        case overlong(bytes: Int)
    }

    /// What to do with a line longer than the limit.
    public enum OverlongLines: Sendable {
        /// End the stream with `LineTooLong` as soon as the limit is passed (a request protocol: the
        /// connection is answered and closed).
        case fail
        /// Discard the line's bytes as they arrive and report it as `.overlong` once it ends, then go on
        /// with the next line (a feed: one bad line must not cost the rest).
        case discard
    }

    /// The line being read is longer than the limit (only with `OverlongLines.fail`).
    public struct LineTooLong: Error, Sendable {
        public let limit: Int
    }

    public let maximumLength: Int
    public let overlongLines: OverlongLines
    /// Bytes of an overlong line discarded so far; nil while reading a line within the limit.
    private var discarded: Int?

    /// - Parameters:
    ///   - maximumLength: the longest line accepted, in bytes without the line break (at least 1).
    ///   - overlongLines: what to do with a longer line.
    public init(maximumLength: Int, overlongLines: OverlongLines) {
        self.maximumLength = max(1, maximumLength)
        self.overlongLines = overlongLines
    }

    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
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
            if buffer.readableBytes > maximumLength { try startDiscarding(&buffer) }
            return .needMoreData
        }
        let length = newline - buffer.readerIndex
        guard length <= maximumLength else {
            guard overlongLines == .discard else { throw LineTooLong(limit: maximumLength) }
            buffer.moveReaderIndex(forwardBy: length + 1)
            context.fireChannelRead(wrapInboundOut(.overlong(bytes: length)))
            return .continue
        }
        let line = buffer.readSlice(length: length)!
        buffer.moveReaderIndex(forwardBy: 1)
        context.fireChannelRead(wrapInboundOut(.line(Self.droppingCarriageReturn(line))))
        return .continue
    }

    public mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        if let count = discarded {
            discarded = nil
            context.fireChannelRead(wrapInboundOut(.overlong(bytes: count + buffer.readableBytes)))
        } else if buffer.readableBytes > 0, let line = buffer.readSlice(length: buffer.readableBytes) {
            context.fireChannelRead(wrapInboundOut(.line(Self.droppingCarriageReturn(line))))
        }
        buffer.moveReaderIndex(to: buffer.writerIndex)
        return .needMoreData
    }

    /// The limit is passed before the line's end: fail, or start discarding it.
    private mutating func startDiscarding(_ buffer: inout ByteBuffer) throws {
        guard overlongLines == .discard else { throw LineTooLong(limit: maximumLength) }
        discarded = buffer.readableBytes
        buffer.moveReaderIndex(to: buffer.writerIndex)
    }

    private static func droppingCarriageReturn(_ line: ByteBuffer) -> ByteBuffer {
        guard line.readableBytesView.last == UInt8(ascii: "\r") else { return line }
        return line.getSlice(at: line.readerIndex, length: line.readableBytes - 1)!
    }
}
