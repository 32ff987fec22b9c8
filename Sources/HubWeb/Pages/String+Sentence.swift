extension String {
    /// The text with its first letter upper-cased: a core's message ("no place named …") as a sentence.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
