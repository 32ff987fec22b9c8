import Testing

@testable import InkUI

@Suite("Shared renderer")
struct SharedRendererTests {
    /// A view that uses text, icons and charts, so glyph atlas, icon cache and layout buffers are all in play.
    struct Card: View {
        let city: String
        let temperature: Int

        var body: some View {
            VStack(alignment: .leading) {
                Text(city).font(.system(size: 22, weight: .bold))
                HStack {
                    Icon(.cloudSunRain, size: 40)
                    Text("\(temperature)°").font(.system(size: 40, weight: .bold))
                }
                Chart([1, 4, 2, 5, 3])
            }
        }
    }

    @Test("screens rendering at once through one renderer get the frames their own renderers would draw")
    func concurrentRenders() async throws {
        let shared = SharedRenderer(fonts: try sharedFonts.get())
        let screens: [(Card, ColorCapability)] = (0..<8).map { index in
            (Card(city: "City \(index)", temperature: index * 3 - 5), [.monochrome, .grayscale4, .blackWhiteRed][index % 3])
        }
        let size = PixelSize(width: 240, height: 160)
        let expected = try screens.map { card, capability in try makeRenderer().render(card, size: size, capability: capability) }
        let frames = await withTaskGroup(of: (Int, [Frame]).self) { group in
            for (index, (card, capability)) in screens.enumerated() {
                group.addTask {
                    (index, (0..<20).map { _ in shared.withRenderer { $0.render(card, size: size, capability: capability) } })
                }
            }
            var byScreen = [[Frame]](repeating: [], count: screens.count)
            for await (index, frames) in group { byScreen[index] = frames }
            return byScreen
        }
        for (index, rendered) in frames.enumerated() {
            #expect(rendered.allSatisfy { $0 == expected[index] }, "screen \(index)")
        }
    }
}
