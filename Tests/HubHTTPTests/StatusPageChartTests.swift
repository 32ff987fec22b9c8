import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HubHTTP
import HubWeb
import HubTestSupport
import Testing

/// The status page's sensor charts, read from the page the server sends: SVG drawn by the hub, a line
/// per run of readings with the gaps left blank, names escaped, nothing fetched from elsewhere.
@Suite("Status page: the sensors' last 24 hours")
struct StatusPageChartTests {
    /// 22:00 UTC on 14 June 2026; the chart covers the 24 hours before.
    let to = Date(timeIntervalSince1970: 1_781_474_400)
    var from: Date { to.addingTimeInterval(-86_400) }

    /// Readings every 5 minutes at 10 to 20 °C, none from hour 8 to hour 11 of the span.
    var segments: [[(time: Date, value: Double)]] {
        let run = { (hours: Range<Int>) in
            stride(from: hours.lowerBound * 3600, to: hours.upperBound * 3600, by: 300).map { second in
                (self.from.addingTimeInterval(Double(second)), 15 + 5 * sin(Double(second) / 86_400 * 2 * Double.pi))
            }
        }
        return [run(0..<8), run(11..<24)]
    }

    @Test("a line per run of readings, nothing across the 3-hour gap, within the chart's box, the name escaped")
    func chartFromThePage() async throws {
        let charts = [
            SensorChart(title: #"Garden <north> & "shed""#, unit: "°C", from: from, to: to, segments: segments),
            SensorChart(title: "Cellar · temperature", unit: "°C", from: from, to: to, segments: []),
        ]
        let hub = try await LoopbackHub.start(displays: []) {
            StatusPageModel(title: "WeatherHub · Test", panel: nil, sections: [], sensorCharts: charts)
        }
        let (body, answer) = try await EmulatedTRMNL.get(hub.baseURL + "/", headers: [:])
        try await hub.stop()
        #expect(answer.statusCode == 200)
        let page = String(decoding: body, as: UTF8.self)

        let svgs = Self.elements("svg", in: page)
        try #require(svgs.count == 1, "the chart without readings has no SVG")
        let svg = svgs[0]
        #expect(svg.contains(#"viewBox="0 0 240 48""#))
        #expect(!svg.contains("href") && !svg.contains("src=") && !svg.contains("url("), "nothing fetched from elsewhere")
        let lines = Self.attributes("points", in: svg).map(Self.points)
        try #require(lines.count == 2)
        // Hour 8 is x = 80 and hour 11 is x = 110 of 240: nothing is drawn between.
        #expect(lines[0].allSatisfy { $0.x >= 0 && $0.x < 80 } && lines[1].allSatisfy { $0.x >= 110 && $0.x <= 240 })
        #expect(lines.joined().allSatisfy { $0.y >= 3 && $0.y <= 45 })
        #expect(lines.allSatisfy { line in zip(line, line.dropFirst()).allSatisfy { $0.x < $1.x } }, "one point per column")
        #expect(abs(lines.joined().map { $0.y }.min()! - 3) < 0.2 && abs(lines.joined().map { $0.y }.max()! - 45) < 0.2)

        #expect(page.contains("Garden &lt;north&gt; &amp; &quot;shed&quot;") && !page.contains("<north>"))
        #expect(page.contains("10 – 20 °C"))
        #expect(page.contains("<th>Cellar · temperature</th><td class=\"chart\"></td><td>no readings</td>"))
    }

    /// The text of each `<name …>…</name>` element.
    static func elements(_ name: String, in text: String) -> [String] {
        text.components(separatedBy: "<\(name) ").dropFirst().compactMap { rest in
            rest.range(of: "</\(name)>").map { String(rest[..<$0.lowerBound]) }
        }
    }

    /// The values of every `name="…"` attribute.
    static func attributes(_ name: String, in text: String) -> [String] {
        text.components(separatedBy: " \(name)=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
    }

    /// `x,y x,y …` as points.
    static func points(_ text: String) -> [(x: Double, y: Double)] {
        text.split(separator: " ").compactMap { pair in
            let parts = pair.split(separator: ",").compactMap { Double($0) }
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
    }
}
