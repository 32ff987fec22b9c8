import Foundation
import InkUI
import InkWidgets
import Synchronization

/// A widget whose entries greet the city in a shared box, one entry every `spacing` seconds: enough to
/// see timelines, reloads and city changes reach a device.
struct GreetingWidget {
    struct Entry: TimelineEntry {
        let date: Date
        let text: String
    }

    final class City: Sendable {
        private let name: Mutex<String>
        init(_ name: String) { self.name = Mutex(name) }
        var current: String { name.withLock { $0 } }
        func set(_ new: String) { name.withLock { $0 = new } }
    }

    struct Provider: TimelineProvider {
        let city: City
        let spacing: TimeInterval
        let entries: Int
        let now: @Sendable () -> Date

        func placeholder(in context: Context) -> Entry { Entry(date: .distantPast, text: "…") }
        func snapshot(in context: Context) async -> Entry { Entry(date: now(), text: "Hello \(city.current)") }
        func timeline(in context: Context) async throws -> Timeline<Entry> {
            let start = now()
            let name = city.current
            return Timeline(
                entries: (0..<entries).map { Entry(date: start + Double($0) * spacing, text: "Hello \(name) \($0)") }, policy: .never)
        }
    }

    static func view(_ entry: Entry) -> some View {
        Text(entry.text).font(.system(size: 48, weight: .bold))
    }

    static func configuration(
        city: City, spacing: TimeInterval, entries: Int, now: @escaping @Sendable () -> Date
    ) -> some WidgetConfiguration {
        StaticConfiguration(kind: "greeting", provider: Provider(city: city, spacing: spacing, entries: entries, now: now)) { entry in
            view(entry)
        }
    }
}
