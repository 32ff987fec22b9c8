extension StringProtocol {
    /// The string without trailing characters that match.
    public func trimmingSuffix(while predicate: (Character) -> Bool) -> SubSequence {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }

    /// The string without leading and trailing whitespace and newlines.
    public var trimmedWhitespace: String {
        String(trimmingPrefix { $0.isWhitespace }.trimmingSuffix { $0.isWhitespace })
    }
}
