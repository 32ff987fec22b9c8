extension TimeZoneRules {
    /// The zone in a TZif file's bytes (RFC 8536, versions 1 to 4), named `identifier`; `path` is only for
    /// error messages.
    public init(tzif bytes: [UInt8], identifier: String, path: String) throws(TimeZoneRulesError) {
        var reader = TZifReader(bytes: bytes)
        do throws(TZifReader.Problem) {
            try reader.expectMagic()
            let version = try reader.byte(at: 4)
            var header = try reader.header()
            if version >= UInt8(ascii: "2") {
                try reader.expectRemaining(header.dataLength(timeSize: 4))
                reader.skip(header.dataLength(timeSize: 4))
                try reader.expectMagic()
                header = try reader.header()
            }
            let timeSize = version >= UInt8(ascii: "2") ? 8 : 4
            try reader.expectRemaining(header.dataLength(timeSize: timeSize))
            let transitions = try (0..<header.transitionCount).map { _ throws(TZifReader.Problem) in
                try reader.signed(size: timeSize)
            }
            let typeIndices = try (0..<header.transitionCount).map { _ throws(TZifReader.Problem) in
                Int(try reader.unsigned(size: 1))
            }
            let typeOffsets = try (0..<header.typeCount).map { _ throws(TZifReader.Problem) in
                let offset = try reader.signed(size: 4)
                reader.skip(2)  // is-DST flag and abbreviation index
                return offset
            }
            reader.skip(header.dataLength(timeSize: timeSize) - header.transitionCount * (timeSize + 1) - header.typeCount * 6)
            guard typeIndices.allSatisfy({ $0 < typeOffsets.count }) else { throw TZifReader.Problem("a transition names a missing local time type") }
            guard zip(transitions, transitions.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw TZifReader.Problem("the transitions are not in ascending order")
            }
            let footer = version >= UInt8(ascii: "2") ? try reader.footer() : ""
            let rule: PosixZoneRule?
            do {
                rule = footer.isEmpty ? nil : try PosixZoneRule(footer)
            } catch {
                guard case let .malformedRule(_, problem) = error else { throw TZifReader.Problem("\(error)") }
                throw TZifReader.Problem("its closing rule '\(footer)': \(problem)")
            }
            self.init(identifier: identifier, transitions: transitions, offsetsFromTransition: typeIndices.map { typeOffsets[$0] },
                      initialOffset: typeOffsets[0], rule: rule)
        } catch {
            throw .malformedZoneFile(path: path, problem: error.text)
        }
    }
}

/// Reads a TZif file's big-endian fields in order, each read checked against the end of the bytes.
private struct TZifReader {
    typealias Problem = ZoneDataProblem

    /// The counts a TZif header gives, which size the data block after it.
    struct Header {
        let utIndicatorCount, standardIndicatorCount, leapSecondCount, transitionCount, typeCount, abbreviationBytes: Int

        func dataLength(timeSize: Int) -> Int {
            transitionCount * (timeSize + 1) + typeCount * 6 + abbreviationBytes + leapSecondCount * (timeSize + 4)
                + standardIndicatorCount + utIndicatorCount
        }
    }

    let bytes: [UInt8]
    private var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func byte(at offset: Int) throws(Problem) -> UInt8 {
        guard position + offset < bytes.count else { throw Problem("the file is cut short") }
        return bytes[position + offset]
    }

    mutating func expectMagic() throws(Problem) {
        guard bytes.count >= position + 4, Array(bytes[position..<position + 4]) == Array("TZif".utf8) else {
            throw Problem("it does not start with TZif")
        }
    }

    /// The 44-byte header: magic, version, 15 reserved bytes and six counts.
    mutating func header() throws(Problem) -> Header {
        skip(20)
        let counts = try (0..<6).map { _ throws(Problem) in Int(try unsigned(size: 4)) }
        guard counts[4] >= 1 else { throw Problem("it has no local time types") }
        return Header(utIndicatorCount: counts[0], standardIndicatorCount: counts[1], leapSecondCount: counts[2],
                      transitionCount: counts[3], typeCount: counts[4], abbreviationBytes: counts[5])
    }

    func expectRemaining(_ count: Int) throws(Problem) {
        guard count <= bytes.count - position else { throw Problem("the file is cut short") }
    }

    mutating func unsigned(size: Int) throws(Problem) -> UInt64 {
        try expectRemaining(size)
        var value: UInt64 = 0
        for byte in bytes[position..<position + size] { value = value << 8 | UInt64(byte) }
        position += size
        return value
    }

    /// A two's-complement field of `size` bytes (4 or 8).
    mutating func signed(size: Int) throws(Problem) -> Int {
        let value = try unsigned(size: size)
        return size == 8 ? Int(Int64(bitPattern: value)) : Int(Int32(truncatingIfNeeded: value))
    }

    mutating func skip(_ count: Int) { position += count }

    /// The text between the two newlines after the version 2+ data: a POSIX rule, or empty.
    mutating func footer() throws(Problem) -> String {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\n"),
              let end = bytes[(position + 1)...].firstIndex(of: UInt8(ascii: "\n"))
        else { throw Problem("the footer is missing or not closed by a newline") }
        return String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
    }
}
