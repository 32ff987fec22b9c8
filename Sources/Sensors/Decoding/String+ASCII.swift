extension String {
    /// The text without leading and trailing ASCII spaces, tabs and line breaks (payloads often end in
    /// a newline), without Foundation's character sets.
    func trimmingASCIIWhitespace() -> String {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        if first == utf8.startIndex, utf8.index(after: last) == utf8.endIndex { return self }
        return String(self[first...last])
    }

    /// Whether the text contains `fragment` (ASCII) byte for byte: a plain search, without the
    /// Unicode-aware matching `contains` does for any string.
    func containsASCII(_ fragment: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: fragment.utf8Start, count: fragment.utf8CodeUnitCount)
        var text = self
        return text.withUTF8 { bytes in
            guard needle.count <= bytes.count else { return false }
            for start in 0...(bytes.count - needle.count)
            where UnsafeBufferPointer(rebasing: bytes[start..<(start + needle.count)]).elementsEqual(needle) {
                return true
            }
            return false
        }
    }
}
