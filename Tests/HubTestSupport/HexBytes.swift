import HubSystem

/// Hexadecimal text as `mosquitto_sub -F %x` writes payloads.
enum HexBytes {
    static func decode(_ text: Substring) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count / 2)
        var high: UInt8?
        for character in text.utf8 {
            guard let nibble = character.hexDigitValue else { continue }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return bytes
    }
}
