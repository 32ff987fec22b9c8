/// Writes frames as binary portable bitmaps (PBM, `P4`), the simplest format image tools and panel
/// vendors' scripts read. PBM has two inks: dark grey, black and red become black, light grey white.
public enum PBMEncoder {
    /// The PBM file for a frame.
    public static func encode(_ frame: Frame) -> [UInt8] {
        var file = Array("P4\n\(frame.size.width) \(frame.size.height)\n".utf8)
        let rowBytes = (frame.size.width + 7) / 8
        guard frame.capability != .monochrome else {
            // The monochrome plane is already PBM's layout: rows of bits, 1 for black.
            return file + frame.bytes
        }
        var rows = [UInt8](repeating: 0, count: rowBytes * frame.size.height)
        for y in 0..<frame.size.height {
            for x in 0..<frame.size.width {
                switch frame[x, y] {
                case .darkGray, .black, .red: rows[y * rowBytes + x / 8] |= 0x80 >> UInt8(x % 8)
                case .white, .lightGray: break
                }
            }
        }
        file += rows
        return file
    }
}
