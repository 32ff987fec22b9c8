/// Secrets handed to devices: 128 random bits from the system's generator (`getrandom`), written as 32
/// hex digits, and compared in constant time so a wrong guess teaches nothing about the right one.
public enum AccessToken {
    /// A new token.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in hex(generator.next() as UInt64) }.joined()
    }

    /// A TRMNL-style friendly id: six characters from an alphabet without look-alikes.
    public static func makeFriendlyID() -> String {
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<6).map { _ in alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))] })
    }

    /// Whether `candidate` equals `secret`, in time that depends only on their lengths.
    public static func matches(_ candidate: String, _ secret: String) -> Bool {
        var difference: UInt8 = candidate.utf8.count == secret.utf8.count ? 0 : 1
        var candidateBytes = candidate.utf8.makeIterator()
        for byte in secret.utf8 {
            difference |= (candidateBytes.next() ?? 0) ^ byte
        }
        return difference == 0
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
