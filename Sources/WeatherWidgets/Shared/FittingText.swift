import InkUI

/// One line of text in its full form where it fits, else in its compact form ("Scattered clouds",
/// "Cloudy"; "Dry next 24 h", "Dry 24 h"), so the line is shorter rather than cut.
struct FittingText: View {
    let text: String
    let compactText: String?

    var body: some View {
        if let compactText {
            ViewThatFits(in: .horizontal) {
                Text(text)
                Text(compactText)
            }
            .lineLimit(1)
        } else {
            Text(text).lineLimit(1)
        }
    }
}
