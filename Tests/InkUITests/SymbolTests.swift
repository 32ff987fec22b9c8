import HubTestSupport
import Testing

@testable import InkUI

@Suite("Symbols")
struct SymbolTests {
    @Test("every symbol renders as its golden image at 16 and 96 pixels", arguments: Symbol.allCases)
    func golden(_ symbol: Symbol) throws {
        for size in [16, 96] {
            let frame = try render(Icon(symbol, size: size), width: size, height: size)
            goldens.expectMatch(frame, named: "Symbols/\(symbol.rawValue)-\(size)")
        }
    }

    @Test("every symbol leaves ink at 16 pixels and stays inside its box at 96", arguments: Symbol.allCases)
    func inkInsideBox(_ symbol: Symbol) throws {
        let small = try render(Icon(symbol, size: 16), width: 16, height: 16)
        #expect((small.inkCounts[.black] ?? 0) >= 12)
        let large = try render(Icon(symbol, size: 96).padding(2), width: 100, height: 100)
        let bounds = try #require(large.inkBounds)
        #expect(PixelRect(x: 2, y: 2, width: 96, height: 96).contains(bounds))
        // Designs use their box: nothing is a speck in a corner.
        #expect(max(bounds.width, bounds.height) >= 60)
    }

    @Test("no two symbols look the same at 16 pixels")
    func distinguishable() throws {
        var seen: [Frame: Symbol] = [:]
        for symbol in Symbol.allCases {
            let frame = try render(Icon(symbol, size: 16), width: 16, height: 16)
            #expect(seen[frame] == nil, "\(symbol) looks like \(seen[frame].map { "\($0)" } ?? "")")
            seen[frame] = symbol
        }
    }

    @Test("the wind arrow turns clockwise with its rotation")
    func windArrowRotation() throws {
        let up = try render(Icon(.windArrow, size: 48), width: 48, height: 48)
        let right = try render(Icon(.windArrow, size: 48, rotation: .degrees(90)), width: 48, height: 48)
        // Turning the upright arrow's pixels a quarter clockwise gives (nearly) the rotated drawing.
        var matching = 0
        for y in 0..<48 {
            for x in 0..<48 where up[x, y] == right[47 - y, x] { matching += 1 }
        }
        #expect(matching >= 48 * 48 * 98 / 100)
        #expect(try #require(up.inkBounds).minY < 8)
        #expect(try #require(right.inkBounds).maxX > 40)
    }

    @Test("an icon takes the font size when no size is given, and the foreground ink")
    func sizeFromFont() throws {
        let frame = try render(Icon(.sun).font(.system(size: 24)).foregroundColor(.red), width: 40, height: 40, capability: .blackWhiteRed)
        let bounds = try #require(frame.inkBounds)
        #expect(bounds.width <= 24)
        #expect(bounds.width >= 18)
        #expect(frame.inkCounts[.black] == nil)
        #expect((frame.inkCounts[.red] ?? 0) > 50)
    }

    @Test("a gallery of all symbols at panel sizes renders as its golden image")
    func gallery() throws {
        let rows = stride(from: 0, to: Symbol.allCases.count, by: 9).map { Array(Symbol.allCases[$0..<min($0 + 9, Symbol.allCases.count)]) }
        let view = VStack(alignment: .leading, spacing: 6) {
            ForEach(rows, id: \.self) { row in
                HStack(spacing: 6) {
                    ForEach(row, id: \.self) { symbol in
                        VStack(spacing: 2) {
                            Icon(symbol, size: 32)
                            Icon(symbol, size: 24)
                            Icon(symbol, size: 16)
                        }
                    }
                }
            }
        }
        goldens.expectMatch(try render(view, width: 400, height: 330), named: "symbol-gallery")
    }
}
