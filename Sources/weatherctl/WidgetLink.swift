import Foundation
import HubActions

/// The widget's deep links (`widgetURL` in the seeds).
enum WidgetLink {
    static let scheme = "weatherwidget"

    /// The panel action a link asks for.
    static func action(for link: String) throws -> PanelAction {
        guard let components = URLComponents(string: link), components.scheme == scheme else {
            throw CLIFailure("`\(link)` is not a weatherwidget:// link; e.g. 'weatherwidget://?daysFromNow=2'", .usage)
        }
        let items = components.queryItems ?? []
        guard let value = items.first(where: { $0.name == "daysFromNow" })?.value else {
            if items.isEmpty { return .today }
            throw CLIFailure("the link's only parameter is daysFromNow, e.g. 'weatherwidget://?daysFromNow=2'", .usage)
        }
        guard let days = Int(value), (0...PanelActions.lastDay).contains(days) else {
            throw CLIFailure("daysFromNow must be 0 (today) to \(PanelActions.lastDay), not `\(value)`", .usage)
        }
        return .showDay(days)
    }
}
