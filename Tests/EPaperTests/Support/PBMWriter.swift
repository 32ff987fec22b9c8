import EPaper
import InkUI

/// Writes monochrome frames as binary PBM (P4), a format whose bit layout equals `Frame`'s (1 = black,
/// MSB first, rows padded to bytes), so tests can read the simulated panel's images back without a PNG
/// decoder. The service gives the simulated panel InkUI's PNG encoder instead.
struct PBMWriter: FrameImageWriter {
    struct NotMonochrome: Error {}

    let fileExtension = "pbm"

    func encode(_ frame: Frame) throws -> [UInt8] {
        guard frame.capability == .monochrome else { throw NotMonochrome() }
        return Array("P4\n\(frame.size.width) \(frame.size.height)\n".utf8) + frame.bytes
    }

    /// Reads back an image this writer wrote.
    static func decode(_ bytes: [UInt8], size: PixelSize) -> Frame? {
        let header = Array("P4\n\(size.width) \(size.height)\n".utf8)
        guard bytes.starts(with: header) else { return nil }
        return Frame(size: size, capability: .monochrome, bytes: Array(bytes.dropFirst(header.count)))
    }
}
