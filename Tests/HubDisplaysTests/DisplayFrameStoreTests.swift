import EPaper
import Foundation
import HubDisplays
import HubTestSupport
import InkUI
import Logging
import NIOCore
import Testing

@Suite("Display frames")
struct DisplayFrameStoreTests {
    static func frame(size: PixelSize, mark: PixelPoint) -> Frame {
        var frame = Frame(size: size, capability: .monochrome)
        frame[mark.x, mark.y] = .black
        return frame
    }

    @Test("frames are turned to the screen, named by their pixels, and the previous image stays reachable")
    func rotationAndNames() async throws {
        let store = DisplayFrameStore(orientation: .init(nativeSize: PixelSize(width: 800, height: 480), rotation: .quarter), logger: Logger(label: "test"))
        #expect(store.image == nil)
        let portrait = Self.frame(size: PixelSize(width: 480, height: 800), mark: PixelPoint(x: 0, y: 0))
        await store.present(portrait, reason: "test", userInitiated: false)
        let first = try #require(store.image)
        let turned = try PNGDecoder.decode(Array(first.png.readableBytesView))
        #expect(turned.size == PixelSize(width: 800, height: 480))
        #expect(turned[799, 0] == .black)
        #expect((0..<800).count { x in (0..<480).contains { y in turned[x, y] == .black } } == 1)
        let bmp = try #require(try first.bmp())
        #expect(bmp.readableBytes == 48_062)
        #expect(try EmulatedTRMNL.decodeBMP(Array(bmp.readableBytesView)) == turned)
        let again = try #require(try first.bmp())
        // Encoded once: the second answer shares the first one's bytes.
        #expect(again.withUnsafeReadableBytes { $0.baseAddress } == bmp.withUnsafeReadableBytes { $0.baseAddress })

        await store.present(portrait, reason: "same pixels", userInitiated: false)
        #expect(store.image?.filename == first.filename)

        await store.present(Self.frame(size: PixelSize(width: 480, height: 800), mark: PixelPoint(x: 1, y: 0)), reason: "moved", userInitiated: false)
        let second = try #require(store.image)
        #expect(second.filename != first.filename && second.filename.count == 16)
        #expect(store.image(named: second.filename)?.digest == second.digest)
        #expect(store.image(named: "0000000000000000") == nil)
    }
}
