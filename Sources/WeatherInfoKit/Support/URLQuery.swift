import HubSystem

/// A request URL's query, written so that no value can change the URL's structure.
enum URLQuery {
    /// `base + path + "?" + name=value&…`, every name and value percent-encoded.
    static func url(_ base: String, path: String, _ items: [(name: String, value: String)]) -> String {
        base + path + "?" + items.map { "\(percentEncoded($0.name))=\(percentEncoded($0.value))" }.joined(separator: "&")
    }

    /// Degrees with at most six decimals and never in exponent form (`1e-05` is not a coordinate a
    /// provider reads).
    static func decimal(_ value: Double) -> String {
        let micro = Int((value * 1_000_000).rounded())
        let sign = micro < 0 ? "-" : ""
        let whole = abs(micro) / 1_000_000
        var fraction = String(abs(micro) % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        let trimmed = fraction.trimmingSuffix { $0 == "0" }
        return sign + String(whole) + (trimmed.isEmpty ? "" : "." + trimmed)
    }

    /// RFC 3986 percent-encoding of a query name or value: everything but unreserved ASCII letters,
    /// digits and `-._~` becomes `%XX` of its UTF-8 bytes, so `&`, `?`, `#`, `/`, `=`, `+`, spaces and
    /// non-ASCII letters cannot change the URL's structure.
    static func percentEncoded(_ text: String) -> String {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
