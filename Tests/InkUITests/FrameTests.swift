import Testing

@testable import InkUI

@Suite("Frame")
struct FrameTests {
    /// A frame with a recognisable pattern of every ink the capability holds.
    private func patterned(_ size: PixelSize, _ capability: ColorCapability, seed: Int = 7) -> Frame {
        var frame = Frame(size: size, capability: capability)
        var state = UInt64(seed)
        for y in 0..<size.height {
            for x in 0..<size.width {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let inks: [Ink] = switch capability {
                case .monochrome: [.white, .black]
                case .grayscale4: [.white, .lightGray, .darkGray, .black]
                case .blackWhiteRed: [.white, .black, .red]
                }
                frame[x, y] = inks[Int(state >> 33) % inks.count]
            }
        }
        return frame
    }

    @Test("a negative size makes an empty frame instead of trapping")
    func negativeSize() {
        let frame = Frame(size: PixelSize(width: -4, height: 10), capability: .monochrome)
        #expect(frame.size == PixelSize(width: 0, height: 10))
        #expect(frame.bytes.isEmpty)
    }

    @Test("representable maps inks a panel lacks to the nearest it has", arguments: ColorCapability.allCases)
    func representable(_ capability: ColorCapability) {
        let frame = Frame(size: PixelSize(width: 1, height: 1), capability: capability)
        switch capability {
        case .monochrome:
            #expect(Ink.allCases.map(frame.representable) == [.white, .white, .black, .black, .black])
        case .grayscale4:
            #expect(Ink.allCases.map(frame.representable) == [.white, .lightGray, .darkGray, .black, .black])
        case .blackWhiteRed:
            #expect(Ink.allCases.map(frame.representable) == [.white, .white, .black, .black, .red])
        }
    }

    @Test("fill paints exactly the clipped rectangle", arguments: ColorCapability.allCases)
    func fill(_ capability: ColorCapability) {
        var frame = Frame(size: PixelSize(width: 21, height: 6), capability: capability)
        frame.fill(PixelRect(x: 3, y: 1, width: 30, height: 2), with: .black)
        for y in 0..<6 {
            for x in 0..<21 {
                #expect(frame[x, y] == ((3..<21).contains(x) && (1..<3).contains(y) ? .black : .white))
            }
        }
    }

    @Test("padding bits stay zero, so equal images compare equal")
    func paddingBits() {
        var a = Frame(size: PixelSize(width: 5, height: 2), capability: .monochrome)
        a.fill(a.bounds, with: .black)
        #expect(a.bytes == [0xF8, 0xF8])
        let b = Frame(size: PixelSize(width: 5, height: 2), capability: .monochrome, bytes: [0xFF, 0xFF])
        #expect(a == b)
    }

    @Test("draw at unaligned offsets copies every pixel and clips", arguments: ColorCapability.allCases)
    func drawUnaligned(_ capability: ColorCapability) {
        let source = patterned(PixelSize(width: 19, height: 7), capability)
        for (dx, dy) in [(0, 0), (3, 1), (5, 2), (-4, -2), (13, 4), (7, 0)] {
            var target = patterned(PixelSize(width: 24, height: 9), capability, seed: 99)
            let before = target
            target.draw(source, at: PixelPoint(x: dx, y: dy))
            for y in 0..<9 {
                for x in 0..<24 {
                    let inside = (dx..<(dx + 19)).contains(x) && (dy..<(dy + 7)).contains(y)
                    #expect(target[x, y] == (inside ? source[x - dx, y - dy] : before[x, y]), "offset (\(dx), \(dy)) pixel (\(x), \(y))")
                }
            }
        }
    }

    @Test("draw converts a frame of another capability to the nearest inks")
    func drawAcrossCapabilities() {
        var grey = Frame(size: PixelSize(width: 4, height: 1), capability: .grayscale4)
        for (x, ink) in [Ink.white, .lightGray, .darkGray, .black].enumerated() { grey[x, 0] = ink }
        var mono = Frame(size: PixelSize(width: 4, height: 1), capability: .monochrome)
        mono.draw(grey, at: .zero)
        #expect((0..<4).map { mono[$0, 0] } == [.white, .white, .black, .black])
    }

    @Test("cropped copies a rectangle clipped to the frame", arguments: ColorCapability.allCases)
    func cropped(_ capability: ColorCapability) {
        let frame = patterned(PixelSize(width: 30, height: 10), capability)
        let crop = frame.cropped(to: PixelRect(x: 5, y: 3, width: 40, height: 4))
        #expect(crop.size == PixelSize(width: 25, height: 4))
        for y in 0..<4 {
            for x in 0..<25 { #expect(crop[x, y] == frame[x + 5, y + 3]) }
        }
        #expect(frame.cropped(to: PixelRect(x: 50, y: 50, width: 4, height: 4)).size == PixelSize(width: 0, height: 0))
    }

    @Test("changedRect finds the byte-aligned box of changed pixels", arguments: ColorCapability.allCases)
    func changedRect(_ capability: ColorCapability) {
        let old = Frame(size: PixelSize(width: 40, height: 20), capability: capability)
        var new = old
        #expect(new.changedRect(since: old) == nil)
        new[11, 4] = .black
        new[19, 9] = .black
        let perByte = old.pixelsPerByte
        let x0 = 11 / perByte * perByte, x1 = (19 / perByte + 1) * perByte
        #expect(new.changedRect(since: old) == PixelRect(x: x0, y: 4, width: x1 - x0, height: 6))
        let resized = Frame(size: PixelSize(width: 8, height: 8), capability: capability)
        #expect(resized.changedRect(since: old) == resized.bounds)
    }

    @Test("changedRect sees a change in the red plane alone")
    func changedRectRedPlane() {
        let old = Frame(size: PixelSize(width: 16, height: 4), capability: .blackWhiteRed)
        var new = old
        new[9, 2] = .red
        #expect(new.changedRect(since: old) == PixelRect(x: 8, y: 2, width: 8, height: 1))
    }
}
