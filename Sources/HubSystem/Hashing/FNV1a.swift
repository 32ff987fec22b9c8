/// FNV-1a: a stable, dependency-free hash of bytes, a few instructions per byte (far cheaper than the
/// SipHash a `Hasher` runs). Used for file names, for telling keys and identities apart before comparing
/// them, and for frame digests that must stay the same across runs. Not a cryptographic hash.
public enum FNV1a {
    /// The 64-bit offset basis: the hash of no bytes.
    public static let offset64: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The 64-bit hash of `bytes`, continuing from `hash` (so several parts can be hashed as one).
    @inlinable
    public static func hash64(_ bytes: some Sequence<UInt8>, from hash: UInt64 = offset64) -> UInt64 {
        var hash = hash
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The 64-bit hash of a text's UTF-8 bytes.
    public static func hash64(_ text: String) -> UInt64 {
        hash64(text.utf8)
    }

    /// The 64-bit hash of a text as 16 lowercase hex digits.
    public static func hex64(_ text: String) -> String {
        hex64(hash64(text))
    }

    /// A 64-bit hash as 16 lowercase hex digits.
    public static func hex64(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The 32-bit hash of a text's UTF-8 bytes, for lookup tables.
    @inlinable
    public static func hash32(_ text: String) -> UInt32 {
        var text = text
        return text.withUTF8 { bytes in
            var hash: UInt32 = 2_166_136_261
            for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            return hash
        }
    }
}
