public import ArgumentParser
import EPaper
import Foundation
import HubAssembly
import HubConfig
import InkUI
import InkWidgets
import Sensors
import Logging
import WeatherInfoKit
public import WeatherWidgets

/// `weatherctl preview`: any widget, any family, any size, with no service and no hardware.
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Render a widget to a PNG of exactly the panel's size, or to the terminal.",
        discussion: """
            Uses the same providers and views as the service, with cached data (OpenWeatherMap) or the demo \
            data; never calls the network. Without --out the frame is drawn in the terminal.
            """)

    @Option(help: ArgumentHelp(WeatherHubWidgets.catalog.map(\.kind).joined(separator: ", ") + ".", valueName: "kind"))
    var kind = WeatherWidget.kind

    @Option(help: ArgumentHelp("small, medium, large or extraLarge.", valueName: "family"))
    var family: WidgetFamily = .large

    @Option(help: ArgumentHelp("The frame's size in pixels, e.g. 296x128.", valueName: "WxH"))
    var size: String?

    @Option(help: ArgumentHelp("A panel model whose size and colours to use, e.g. waveshare-2in9b-v4.", valueName: "model"))
    var panel: String?

    @Option(help: ArgumentHelp("The panel's language instead of display.language: en, de, fr, es, it, nl, pl or sv.", valueName: "code"))
    var language: PanelLanguage?

    @Flag(help: "Draw the redacted placeholder instead of data.")
    var placeholder = false

    @Option(help: ArgumentHelp("Write a PNG here instead of drawing in the terminal.", valueName: "file.png"))
    var out: String?

    @OptionGroup var hub: HubOptions

    func validate() throws {
        if size != nil && panel != nil { throw ValidationError("give --size or --panel, not both") }
        if let size, PreviewSize.parse(size) == nil { throw ValidationError("--size takes WIDTHxHEIGHT, e.g. 296x128 (1 to 2000 each)") }
        if let panel, PanelProfile.named(panel) == nil {
            throw ValidationError("unknown panel `\(panel)`; known: \(PanelModel.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    /// A new directory only this user can read, for the copy of the sensor database.
    private static func makeScratchDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("weatherctl-preview-\(UUID().uuidString)").path
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CLIFailure("cannot create a temporary directory (\(path)): \(error.localizedDescription); check TMPDIR")
        }
        return path
    }

    func run() async throws {
        try await reportingFailures {
            // With --language the configuration is read as if display.language said it, so the providers'
            // descriptions follow it as they would on the panel.
            let configuration = hub.configuration(displayLanguage: language)
            let frameSize = size.flatMap(PreviewSize.parse) ?? panel.flatMap(PanelProfile.named)?.frameSize
                ?? configuration?.panel.frameSize ?? PixelSize(width: 400, height: 300)
            let paths = configuration?.paths ?? hub.resolvedPaths
            guard let configuration else { throw CLIFailure("fix the configuration first: `weatherctl config check`") }
            let capability = panel.flatMap(PanelProfile.named)?.capability ?? configuration.panel.capability
            let weather = configuration.makeWeatherSource(environment: hub.environment, logger: Logger(label: "weatherctl"))
            let scratch = try Self.makeScratchDirectory()
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let sensors: SensorStore?
            do {
                sensors = try await configuration.previewSensors(at: Date(), scratchDirectory: scratch)
            } catch {
                Terminal.error("drawing without the local sensors: \(error)")
                sensors = nil
            }
            let data = configuration.widgetData(weather: weather, sensors: sensors, defaults: try hub.sharedDefaults(paths: paths))
            let frame: Frame
            do {
                frame = try await WidgetPreview.render(
                    kind: kind, family: family, size: frameSize, capability: capability, content: placeholder ? .placeholder : .snapshot, data: data,
                    fonts: try FontLibrary())
            } catch let error as WidgetPreviewError {
                throw CLIFailure("\(error)", .usage)
            } catch let error as FontError {
                throw CLIFailure("\(error)")
            }
            guard let out else {
                Terminal.print(TerminalPreview(maxColumns: Self.terminalColumns()).render(frame))
                return
            }
            try writeOutput(Data(PNGEncoder.encode(frame)), to: out)
            Terminal.print("Wrote \(out) (\(frameSize.width)×\(frameSize.height), \(kind) \(family)).")
        }
    }

    private static func terminalColumns() -> Int {
        var size = winsize()
        return ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 100
    }
}

/// `296x128` → 296×128.
enum PreviewSize {
    static func parse(_ text: String) -> PixelSize? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...2000).contains(width), (1...2000).contains(height)
        else { return nil }
        return PixelSize(width: width, height: height)
    }
}

extension WidgetFamily: ExpressibleByArgument {}

extension PanelLanguage: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(code: argument)
    }
}
