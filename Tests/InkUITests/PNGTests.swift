import Foundation
import Testing

@testable import InkUI

@Suite("PNG")
struct PNGTests {
    private func sample(_ capability: ColorCapability, width: Int = 37, height: Int = 13) -> Frame {
        var frame = Frame(size: PixelSize(width: width, height: height), capability: capability)
        let inks: [Ink] = switch capability {
        case .monochrome: [.white, .black]
        case .grayscale4: [.white, .lightGray, .darkGray, .black]
        case .blackWhiteRed: [.white, .black, .red]
        }
        for y in 0..<height {
            for x in 0..<width { frame[x, y] = inks[(x * 7 + y * 3 + x * y) % inks.count] }
        }
        return frame
    }

    @Test("a frame survives encoding and decoding", arguments: ColorCapability.allCases)
    func roundTrip(_ capability: ColorCapability) throws {
        for (width, height) in [(37, 13), (1, 1), (8, 2), (800, 480)] {
            let frame = sample(capability, width: width, height: height)
            #expect(try PNGDecoder.decode(PNGEncoder.encode(frame)) == frame)
        }
        let blank = Frame(size: PixelSize(width: 9, height: 3), capability: capability)
        #expect(try PNGDecoder.decode(PNGEncoder.encode(blank)) == blank)
    }

    @Test("the encoder writes the PNG kind that fits the capability", arguments: ColorCapability.allCases)
    func header(_ capability: ColorCapability) throws {
        let png = try PNGEncoder.encode(sample(capability))
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        let (depth, colorType): (UInt8, UInt8) = switch capability {
        case .monochrome: (1, 0)
        case .grayscale4: (2, 0)
        case .blackWhiteRed: (2, 3)
        }
        #expect(png[24] == depth)
        #expect(png[25] == colorType)
    }

    @Test("Python's zlib accepts our PNG files", .enabled(if: PythonCheck.isAvailable), arguments: ColorCapability.allCases)
    func validatedByPython(_ capability: ColorCapability) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/sample.png"
        try Data(PNGEncoder.encode(sample(capability))).write(to: URL(fileURLWithPath: path))
        let script = """
            import struct, sys, zlib
            data = open(sys.argv[1], 'rb').read()
            assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'signature'
            pos, chunks, idat = 8, [], b''
            while pos < len(data):
                length, kind = struct.unpack('>I4s', data[pos:pos + 8])
                body = data[pos + 8:pos + 8 + length]
                crc, = struct.unpack('>I', data[pos + 8 + length:pos + 12 + length])
                assert zlib.crc32(kind + body) == crc, 'crc of ' + kind.decode()
                chunks.append(kind.decode())
                if kind == b'IHDR': width, height, depth, colour = struct.unpack('>IIBB', body[:10])
                if kind == b'IDAT': idat += body
                pos += 12 + length
            channels = 1
            raw = zlib.decompress(idat)
            row = (width * depth * channels + 7) // 8
            assert len(raw) == height * (row + 1), 'size'
            assert all(raw[y * (row + 1)] == 0 for y in range(height)), 'filter'
            print(' '.join(chunks), width, height, depth, colour)
            """
        let output = try PythonCheck.run(script, arguments: [path])
        let palette = capability == .blackWhiteRed ? "PLTE " : ""
        let kind = capability == .monochrome ? "1 0" : capability == .grayscale4 ? "2 0" : "2 3"
        #expect(output == "IHDR \(palette)IDAT IEND 37 13 \(kind)")
    }

    @Test("the decoder reads filtered 8-bit RGB files that other tools write", .enabled(if: PythonCheck.isAvailable))
    func foreignPNG() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/foreign.png"
        let script = """
            import struct, sys, zlib
            width, height = 6, 5
            colours = [(255, 255, 255), (0, 0, 0), (230, 20, 30), (160, 160, 160), (70, 70, 70)]
            rows = []
            for y in range(height):
                pixels = [colours[(x + y) % 5] for x in range(width)]
                raw = bytes(c for p in pixels for c in p)
                rows.append(raw)
            out = b''
            for y, raw in enumerate(rows):
                kind = y % 5
                prev = rows[y - 1] if y else bytes(len(raw))
                line = bytearray()
                for i, value in enumerate(raw):
                    a = raw[i - 3] if i >= 3 else 0
                    b = prev[i]
                    c = prev[i - 3] if i >= 3 else 0
                    if kind == 0: pred = 0
                    elif kind == 1: pred = a
                    elif kind == 2: pred = b
                    elif kind == 3: pred = (a + b) // 2
                    else:
                        p = a + b - c
                        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                        pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                    line.append((value - pred) % 256)
                out += bytes([kind]) + bytes(line)
            def chunk(kind, body):
                return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body))
            png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0))
            png += chunk(b'IDAT', zlib.compress(out)) + chunk(b'IEND', b'')
            open(sys.argv[1], 'wb').write(png)
            """
        _ = try PythonCheck.run(script, arguments: [path])
        let frame = try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(frame.capability == .blackWhiteRed)
        let expected: [Ink] = [.white, .black, .red, .white, .black]
        for y in 0..<5 {
            for x in 0..<6 { #expect(frame[x, y] == expected[(x + y) % 5], "pixel (\(x), \(y))") }
        }
    }

    @Test("damaged files are clear errors, never crashes")
    func damagedFiles() throws {
        let png = try PNGEncoder.encode(sample(.monochrome))
        #expect(throws: PNGError.self) { try PNGDecoder.decode([]) }
        #expect((try? PNGDecoder.decode(Array("GIF89a".utf8))) == nil)
        var badChecksum = png
        badChecksum[30] ^= 0xFF
        let crcError = #expect(throws: PNGError.self) { try PNGDecoder.decode(badChecksum) }
        #expect(crcError?.code == .corrupt)
        for length in stride(from: 8, to: png.count, by: 7) {
            #expect(throws: PNGError.self) { try PNGDecoder.decode(Array(png[0..<length])) }
        }
        let notPNG = #expect(throws: PNGError.self) { try PNGDecoder.decode(Array("not a png at all".utf8)) }
        #expect(notPNG?.code == .notPNG)
    }

    @Test("an empty frame cannot be a PNG")
    func emptyFrame() {
        let error = #expect(throws: PNGError.self) { try PNGEncoder.encode(Frame(size: PixelSize(width: 0, height: 4), capability: .monochrome)) }
        #expect(error?.code == .emptyFrame)
    }
}
