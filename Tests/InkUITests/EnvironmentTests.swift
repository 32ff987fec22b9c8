import Testing

@testable import InkUI

private struct AccentWidthKey: EnvironmentKey {
    static let defaultValue = 10
}

extension EnvironmentValues {
    /// A value another module might add, here a width read back by a test.
    fileprivate var accentWidth: Int {
        get { self[AccentWidthKey.self] }
        set { self[AccentWidthKey.self] = newValue }
    }
}

@Suite("Environment")
struct EnvironmentTests {
    private func widthProbe() -> some View {
        EnvironmentReader { environment in Rectangle().frame(width: environment.accentWidth, height: 4) }
    }

    @Test("values from other modules have defaults and can be set and replaced")
    func customValues() {
        var environment = EnvironmentValues()
        #expect(environment.accentWidth == 10)
        environment.accentWidth = 3
        environment.accentWidth = 7
        #expect(environment.accentWidth == 7)
        #expect(environment[AccentWidthKey.self] == 7)
    }

    @Test("an environment value set on a view reaches the views inside it, the innermost winning")
    func propagation() throws {
        let view = HStack(spacing: 10) {
            widthProbe()
            VStack { widthProbe().environment(\.accentWidth, 30) }
        }
        .environment(\.accentWidth, 20)
        let frame = try render(view, width: 100, height: 4)
        #expect(frame.inkRuns(row: 2).map(\.count) == [20, 30])
    }

    @Test("the environment passed to the renderer is the root's")
    func rootEnvironment() throws {
        var environment = EnvironmentValues()
        environment.accentWidth = 12
        let frame = try render(widthProbe(), width: 40, height: 4, environment: environment)
        #expect(frame.inkRuns(row: 2).map(\.count) == [12])
    }

    @Test("the renderer tells views the capability of the frame")
    func colorCapability() throws {
        let view = EnvironmentReader { environment in
            Rectangle().frame(width: environment.colorCapability == .blackWhiteRed ? 20 : 10, height: 2)
        }
        #expect(try render(view, width: 40, height: 2, capability: .blackWhiteRed).inkRuns(row: 1).map(\.count) == [20])
        #expect(try render(view, width: 40, height: 2, capability: .monochrome).inkRuns(row: 1).map(\.count) == [10])
    }

    @Test("font and ink flow down to nested text, icons and shapes")
    func fontAndInk() throws {
        let small = try render(VStack { Text("Hello") }, width: 200, height: 100)
        let large = try render(VStack { Text("Hello") }.font(.system(size: 40)), width: 200, height: 100)
        #expect(try #require(large.inkBounds).height > 2 * (try #require(small.inkBounds)).height)
        let inked = try render(
            VStack { Text("Red"); Icon(.sun, size: 16); Rectangle().frame(width: 10, height: 2); Text("Black").foregroundColor(.black) }
                .foregroundColor(.red),
            width: 100, height: 100, capability: .blackWhiteRed)
        #expect((inked.inkCounts[.red] ?? 0) > 60)
        #expect((inked.inkCounts[.black] ?? 0) > 20)
    }

    @Test("lineLimit and text alignment flow down the tree")
    func textSettings() throws {
        let limited = try render(
            VStack { Text("one two three four five six") }.lineLimit(1).frame(width: 60), width: 100, height: 100)
        #expect(try #require(limited.inkBounds).height <= (try textFrameSize("x")).height)
    }
}

@Suite("Redaction")
struct RedactionTests {
    @Test("placeholders draw text and icons as grey bars of the same size")
    func placeholder() throws {
        let content = HStack { Icon(.cloudRain, size: 24); Text("Rain 12 mm") }
        let normal = try render(content, width: 200, height: 40, capability: .grayscale4)
        let redacted = try render(content.redacted(reason: .placeholder), width: 200, height: 40, capability: .grayscale4)
        #expect(Set(redacted.inkCounts.keys) == [.white, .darkGray])
        let normalBounds = try #require(normal.inkBounds), redactedBounds = try #require(redacted.inkBounds)
        #expect(abs(normalBounds.minX - redactedBounds.minX) <= 4)
        #expect(abs(normalBounds.maxX - redactedBounds.maxX) <= 4)
    }

    @Test("placeholder bars dither on one-bit panels")
    func ditheredOnMonochrome() throws {
        let redacted = try render(Text("Placeholder").redacted(reason: .placeholder), width: 200, height: 40)
        let bounds = try #require(redacted.inkBounds)
        let black = redacted.inkCounts[.black] ?? 0
        #expect(black * 10 < bounds.width * bounds.height * 6)
        #expect(black * 10 > bounds.width * bounds.height * 3)
    }

    @Test("unredacted content shows inside a redacted view")
    func unredacted() throws {
        let frame = try render(
            VStack { Text("hidden"); Text("shown").unredacted() }.redacted(reason: .placeholder),
            width: 200, height: 60, capability: .grayscale4)
        #expect((frame.inkCounts[.black] ?? 0) > 20)
        #expect((frame.inkCounts[.darkGray] ?? 0) > 20)
    }
}
