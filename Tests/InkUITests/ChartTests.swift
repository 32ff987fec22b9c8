import HubTestSupport
import Testing

@testable import InkUI

@Suite("Charts")
struct ChartTests {
    /// The x at which a line chart draws value `index` of `count` in a `width`-pixel chart.
    private func column(_ index: Int, of count: Int, width: Int, lineWidth: Int = 2) -> Int {
        lineWidth / 2 + (width - lineWidth) * index / (count - 1)
    }

    @Test("nil, NaN and infinite values leave gaps in a line")
    func gaps() throws {
        for missing in [nil, Double.nan, .infinity, -.infinity] as [Double?] {
            let frame = try render(Chart([1, 2, missing, 4, 5]), width: 81, height: 30)
            #expect(frame.inkRuns(column: column(2, of: 5, width: 81)).isEmpty, "gap for \(String(describing: missing))")
            #expect(!frame.inkRuns(column: column(1, of: 5, width: 81) - 4).isEmpty)
            #expect(!frame.inkRuns(column: column(3, of: 5, width: 81) + 4).isEmpty)
        }
        let nilChart = try render(Chart([1, 2, nil, 4, 5]), width: 81, height: 30)
        #expect(try render(Chart([1, 2, .nan, 4, 5]), width: 81, height: 30) == nilChart)
    }

    @Test("a value between two gaps shows as a dot")
    func isolatedValue() throws {
        let frame = try render(Chart([nil, 3, nil], minimum: 0, maximum: 6), width: 41, height: 21)
        let bounds = try #require(frame.inkBounds)
        #expect(bounds.width <= 4)
        #expect(abs(bounds.minX + bounds.width / 2 - 20) <= 1)
    }

    @Test("a line runs from the lowest value at the bottom to the highest at the top")
    func scaling() throws {
        let frame = try render(Chart([0, 10], style: .sparkline), width: 21, height: 11)
        #expect(frame[0, 10] == .black)
        #expect(frame[20, 0] == .black)
        #expect(frame[0, 0] == .white)
    }

    @Test("values outside a given range are drawn at its edge")
    func clampedRange() throws {
        let frame = try render(Chart([-100, 100], style: .sparkline, minimum: 0, maximum: 10), width: 21, height: 11)
        #expect(frame[0, 10] == .black)
        #expect(frame[20, 0] == .black)
    }

    @Test("absurd values and ranges draw something without crashing")
    func absurdValues() throws {
        let values: [Double?] = [.greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0, 1e-300, nil]
        #expect(try render(Chart(values), width: 50, height: 20).inkBounds != nil)
        #expect(try render(Chart(values, style: .bars()), width: 50, height: 20).inkBounds != nil)
        #expect(try render(Chart([1, 2], minimum: .nan, maximum: .infinity), width: 50, height: 20).inkBounds != nil)
        #expect(try render(Chart([1, 2], minimum: 5, maximum: 5), width: 50, height: 20).inkBounds != nil)
        #expect(try render(Chart([1, 2], minimum: 9, maximum: -9), width: 50, height: 20).inkBounds != nil)
    }

    @Test("a chart without values, or without room, draws nothing")
    func nothingToDraw() throws {
        #expect(try render(Chart([]), width: 50, height: 20).inkBounds == nil)
        #expect(try render(Chart([nil, .nan]), width: 50, height: 20).inkBounds == nil)
        #expect(try render(Chart([1, 2]).frame(width: 0, height: 0), width: 50, height: 20).inkBounds == nil)
    }

    @Test("bars rise from zero, a zero value is a one-pixel tick and a gap is empty")
    func bars() throws {
        let frame = try render(Chart([0, 5, 10, nil, -5], style: .bars(spacing: 0), minimum: -10, maximum: 10), width: 50, height: 20)
        #expect(frame.inkRuns(column: 5) == [9..<10])
        #expect(frame.inkRuns(column: 15) == [5..<10])
        #expect(frame.inkRuns(column: 25) == [0..<10])
        #expect(frame.inkRuns(column: 35).isEmpty)
        #expect(frame.inkRuns(column: 45) == [10..<15])
    }

    @Test("grey bars dither on one-bit panels")
    func greyBars() throws {
        let frame = try render(Chart([1, 1], style: .bars(spacing: 0)).foregroundColor(.darkGray), width: 20, height: 20)
        let black = frame.inkCounts[.black] ?? 0
        #expect(black == 200)
    }

    @Test("line and bar charts render as their golden images")
    func golden() throws {
        let temperatures: [Double?] = [3, 2.5, 2, 1.8, 2.2, 4, 6.5, 9, 11, 12.5, 13, 12, nil, nil, 9, 7.5, 6, 5, 4.2, 3.9, 3.5, 3.1, 3, 2.8]
        let rain: [Double?] = [0, 0, 0.2, 1.5, 3.2, 0.8, 0, 0, 0, 0.1, 2, 4.5]
        let view = VStack(spacing: 8) {
            Chart(temperatures).frame(height: 60)
            Chart(temperatures, style: .sparkline).frame(width: 80, height: 20)
            Chart(rain, style: .bars(spacing: 2)).frame(height: 40)
        }
        .padding(6)
        goldens.expectMatch(try render(view, width: 296, height: 160), named: "charts")
    }
}
