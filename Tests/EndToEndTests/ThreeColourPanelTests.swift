import Foundation
import Testing

/// Black, white and red end to end: the panel profile's colours reach the widgets' renderer in the running
/// service and in `weatherctl preview`, and frames come out as white/black/red palette PNGs.
@Suite("Three-colour panels end to end", .serialized)
struct ThreeColourPanelTests {
    /// Width, height, bit depth and colour type from a PNG's IHDR, and its PLTE entries.
    private func header(_ png: [UInt8]) -> (width: Int, height: Int, bitDepth: UInt8, colourType: UInt8, palette: [UInt8]) {
        let number = { (at: Int) in png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let plte = png.indices.dropLast(4).first { Array(png[$0..<($0 + 4)]) == Array("PLTE".utf8) }
        let palette = plte.map { Array(png[($0 + 4)..<($0 + 4 + number($0 - 4))]) } ?? []
        return (number(16), number(20), png[24], png[25], palette)
    }

    @Test("a three-colour simulated panel gets black-white-red frames from the service, written as palette PNGs")
    func serviceRendersInThreeColours() throws {
        let hub = try HubSandbox(configuration: """
            provider:
              demo: true
            panel:
              model: simulated
              simulated: { width: 296, height: 128, colors: blackWhiteRed, fast_refresh: false, partial_refresh: false }
            """)
        try hub.startService()
        let reload = try hub.ctl(["reload", "--wait"])
        #expect(reload.status == 0, "\(reload.error)\n\(hub.serviceLog)")
        let png = header([UInt8](try Data(contentsOf: URL(fileURLWithPath: hub.latestFrame))))
        #expect(png.width == 296 && png.height == 128)
        #expect(png.bitDepth == 2 && png.colourType == 3)
        #expect(png.palette == [255, 255, 255, 0, 0, 0, 255, 0, 0])
        #expect(hub.stopService() == 0)
    }

    @Test("weatherctl preview --panel renders in the model's colours and size", arguments: ["waveshare-2in13b-v4", "waveshare-2in13-v4"])
    func previewInThePanelsColours(model: String) throws {
        let hub = try HubSandbox(configuration: "provider:\n  demo: true\n")
        let out = hub.directory + "/preview.png"
        let result = try hub.ctl(["preview", "--panel", model, "--out", out])
        #expect(result.status == 0, "\(result.error)")
        let png = header([UInt8](try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(png.width == 122 && png.height == 250)
        let threeColour = model.contains("b-v4")
        #expect(png.colourType == (threeColour ? 3 : 0) && png.bitDepth == (threeColour ? 2 : 1))
    }
}
