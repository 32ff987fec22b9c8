/// A short quotation and who said or wrote it, for the daily quote widget.
public struct Quote: Sendable, Hashable, Codable {
    /// The words, without quotation marks.
    public var text: String
    /// Who said or wrote them.
    public var author: String

    /// A quote by an author.
    public init(text: String, author: String) {
        self.text = text
        self.author = author
    }
}
