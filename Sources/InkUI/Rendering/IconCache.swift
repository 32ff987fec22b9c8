/// Symbol masks a renderer has rasterised, by symbol, size and rotation, so an icon is drawn from
/// vectors once and blitted afterwards. Bounded: past `limit` masks it starts over.
final class IconCache {
    private struct Key: Hashable {
        let symbol: Symbol
        let size: Int
        /// Tenths of a degree in 0..<3600.
        let rotation: Int
    }

    private struct Mask {
        let offset: Int
        let pitch: Int
    }

    static let limit = 256

    private var masks: [Key: Mask] = [:]
    private let pool = ScratchArray<UInt8>(capacity: 16 * 1024)

    /// The mask of a symbol (`size` pixels square, rows `pitch` bytes apart), drawn on first use.
    func mask(_ symbol: Symbol, size: Int, rotationDegrees: Double) -> (bits: UnsafePointer<UInt8>, pitch: Int) {
        let tenths = Int((rotationDegrees.truncatingRemainder(dividingBy: 360) * 10).rounded())
        let key = Key(symbol: symbol, size: size, rotation: (tenths % 3600 + 3600) % 3600)
        if let mask = masks[key] { return (UnsafePointer(pool.base + mask.offset), mask.pitch) }
        if masks.count >= IconCache.limit {
            masks.removeAll(keepingCapacity: true)
            pool.removeAll()
        }
        let pitch = (size + 7) / 8
        let offset = pool.count
        for _ in 0..<(pitch * size) { pool.append(0) }
        let painter = SymbolPainter(bits: pool.base + offset, pitch: pitch, size: size, rotationDegrees: Double(key.rotation) / 10)
        painter.draw(symbol)
        masks[key] = Mask(offset: offset, pitch: pitch)
        return (UnsafePointer(pool.base + offset), pitch)
    }
}
