/// FNV-1a over a string's UTF-8 bytes: a few instructions per byte, far cheaper than the SipHash a
/// `Hasher` runs over a whole string, and good enough to tell the hub's keys and identities apart before
/// comparing them.
enum FNV1a {
    static func hash(_ text: String) -> UInt32 {
        var text = text
        return text.withUTF8 { bytes in
            var hash: UInt32 = 2_166_136_261
            for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            return hash
        }
    }
}
