/// The line that says how current the data is: its time, or its age and the reason it is old.
struct StatusLine: Sendable, Hashable {
    var text: String
    /// The same facts in fewer words for narrow regions ("3 h · offline" for "3 h old · offline").
    var compactText: String? = nil
    /// Drawn with a warning sign when the data is old or the last fetch failed.
    var isWarning: Bool
}
