/// A short quotation and who said or wrote it, for the daily quote widget.
public struct Quote: Sendable, Hashable, Codable {
    public var text: String
    public var author: String

    public init(text: String, author: String) {
        self.text = text
        self.author = author
    }
}
