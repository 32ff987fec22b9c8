import HubSystem
import NIOCore
import NIOEmbedded
import Testing

/// The line framing of the control socket (overlong lines fail) and the sensor socket feed (overlong
/// lines are discarded and reported).
@Suite("Line framing")
struct LineFrameDecoderTests {
    private func channel(limit: Int, overlong: LineFrameDecoder.OverlongLines) -> EmbeddedChannel {
        EmbeddedChannel(handler: ByteToMessageHandler(LineFrameDecoder(maximumLength: limit, overlongLines: overlong)))
    }

    private func frames(from channel: EmbeddedChannel) throws -> [LineFrameDecoder.Frame] {
        var frames: [LineFrameDecoder.Frame] = []
        while let frame = try channel.readInbound(as: LineFrameDecoder.Frame.self) { frames.append(frame) }
        return frames
    }

    private func line(_ text: String) -> LineFrameDecoder.Frame {
        .line(ByteBuffer(string: text))
    }

    @Test("lines split at line feeds across writes, a carriage return before one is dropped, empty lines are kept")
    func splitsLines() throws {
        let channel = channel(limit: 64, overlong: .discard)
        try channel.writeInbound(ByteBuffer(string: "first\r\nsec"))
        try channel.writeInbound(ByteBuffer(string: "ond\n\nthird"))
        #expect(try frames(from: channel) == [line("first"), line("second"), line("")])
        #expect(try channel.finish().isClean == false)
        #expect(try frames(from: channel) == [line("third")])
    }

    @Test("discard: an overlong line is reported with its full length as it ends, and the next line still works")
    func discardsOverlongLines() throws {
        let channel = channel(limit: 10, overlong: .discard)
        for _ in 0..<100 { try channel.writeInbound(ByteBuffer(string: String(repeating: "x", count: 1000))) }
        #expect(try frames(from: channel) == [])
        try channel.writeInbound(ByteBuffer(string: "xxxxx\nshort\n" + String(repeating: "y", count: 20) + "\nlast"))
        #expect(try frames(from: channel) == [.overlong(bytes: 100_005), line("short"), .overlong(bytes: 20)])
        _ = try channel.finish()
        #expect(try frames(from: channel) == [line("last")])
    }

    @Test("discard: an overlong line cut off by the end of the stream is still reported")
    func overlongAtEnd() throws {
        let channel = channel(limit: 4, overlong: .discard)
        try channel.writeInbound(ByteBuffer(string: "ok\n123456789"))
        _ = try channel.finish()
        #expect(try frames(from: channel) == [line("ok"), .overlong(bytes: 9)])
    }

    @Test("fail: passing the limit ends the stream with LineTooLong before the line is complete")
    func failsOnOverlongLines() throws {
        let channel = channel(limit: 8, overlong: .fail)
        try channel.writeInbound(ByteBuffer(string: "12345678\n"))
        #expect(try frames(from: channel) == [line("12345678")])
        #expect(throws: LineFrameDecoder.LineTooLong.self) {
            try channel.writeInbound(ByteBuffer(string: "123456789"))
        }
        _ = try? channel.finish()
    }
}
