/// What a panel key, `weatherctl open` or Home Assistant's forecast select asks for (the seed widget's
/// `weatherwidget://?daysFromNow=N`).
public enum PanelAction: Sendable, Codable, Hashable {
    case nextDay
    case previousDay
    case today
    case refresh
    case showDay(Int)

    /// What each key does, by its position on the board: previous day, today, next day, refresh.
    public static let keyMeanings: [PanelAction] = [.previousDay, .today, .nextDay, .refresh]

    /// The action of the key at `index` (from 0) in board order; keys beyond the fourth do nothing.
    public static func forKey(at index: Int) -> PanelAction? {
        keyMeanings.indices.contains(index) ? keyMeanings[index] : nil
    }
}
