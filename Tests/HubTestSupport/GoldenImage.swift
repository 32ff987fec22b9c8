public import InkUI
public import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Compares rendered frames with PNG golden images kept in a test target's `Goldens/` folder.
///
/// A missing golden is recorded (and the test passes, saying so); with `WEATHERHUB_RECORD_GOLDENS=1`
/// every golden is recorded anew. On a mismatch the actual frame and a diff image (differing pixels in
/// red over the expected image) are written next to the golden as `NAME.actual.png` and `NAME.diff.png`,
/// and the test fails saying how many pixels differ and where the files are.
public struct GoldenImage: Sendable {
    /// The environment variable that makes every comparison record its golden anew.
    public static let recordVariable = "WEATHERHUB_RECORD_GOLDENS"

    /// The folder holding the goldens.
    public let directory: String
    /// Whether every comparison overwrites its golden.
    public let recordsAll: Bool

    /// Goldens in a folder; `recordsAll` defaults to whether `WEATHERHUB_RECORD_GOLDENS` is `1`.
    public init(directory: String, recordsAll: Bool? = nil) {
        self.directory = directory
        self.recordsAll = recordsAll ?? (ProcessInfo.processInfo.environment[GoldenImage.recordVariable] == "1")
    }

    /// The `Goldens/` folder of the test target that holds `filePath` (the folder right under `Tests/`).
    public static func forTestFile(_ filePath: String = #filePath) -> GoldenImage {
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        let start = folder
        while folder.path != "/" {
            if folder.deletingLastPathComponent().lastPathComponent == "Tests" {
                return GoldenImage(directory: folder.appendingPathComponent("Goldens").path)
            }
            folder = folder.deletingLastPathComponent()
        }
        return GoldenImage(directory: start.appendingPathComponent("Goldens").path)
    }

    /// What a comparison found.
    public enum Outcome: Sendable, Equatable {
        /// The frame equals the golden.
        case matched
        /// The golden was written from the frame.
        case recorded(path: String)
        /// The frame differs; the report says how and where the files are.
        case mismatched(GoldenMismatch)
    }

    /// Compares a frame with the golden `name` (a path below the folder, without `.png`).
    public func compare(_ frame: Frame, named name: String) throws -> Outcome {
        let expectedPath = path(name, suffix: ".png")
        let actualPath = path(name, suffix: ".actual.png")
        let diffPath = path(name, suffix: ".diff.png")
        let files = FileManager.default
        if recordsAll || !files.fileExists(atPath: expectedPath) {
            try files.createDirectory(
                atPath: URL(fileURLWithPath: expectedPath).deletingLastPathComponent().path, withIntermediateDirectories: true)
            try Data(PNGEncoder.encode(frame)).write(to: URL(fileURLWithPath: expectedPath))
            try? files.removeItem(atPath: actualPath)
            try? files.removeItem(atPath: diffPath)
            return .recorded(path: expectedPath)
        }
        let expected = try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: expectedPath))))
        guard let mismatch = GoldenMismatch(expected: expected, actual: frame, expectedPath: expectedPath, actualPath: actualPath, diffPath: diffPath) else {
            try? files.removeItem(atPath: actualPath)
            try? files.removeItem(atPath: diffPath)
            return .matched
        }
        try Data(PNGEncoder.encode(frame)).write(to: URL(fileURLWithPath: actualPath))
        try Data(PNGEncoder.encode(mismatch.diffImage(expected: expected, actual: frame))).write(to: URL(fileURLWithPath: diffPath))
        return .mismatched(mismatch)
    }

    /// Compares a frame with its golden and records a test issue on a mismatch.
    public func expectMatch(_ frame: Frame, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            switch try compare(frame, named: name) {
            case .matched:
                break
            case .recorded(let path):
                print("Recorded golden image \(path)")
            case .mismatched(let mismatch):
                Issue.record(Comment(rawValue: mismatch.description), sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record(error, "Golden image \(name) could not be compared", sourceLocation: sourceLocation)
        }
    }

    private func path(_ name: String, suffix: String) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent(name + suffix).path
    }
}

/// How a frame differs from its golden.
public struct GoldenMismatch: Sendable, Equatable, CustomStringConvertible {
    /// Pixels whose ink differs (every pixel when the sizes or capabilities differ).
    public let differingPixels: Int
    /// The smallest rectangle holding every differing pixel.
    public let bounds: PixelRect
    /// Set when the frames do not even have the same size or capability.
    public let shapeDifference: String?
    public let expectedPath: String
    public let actualPath: String
    public let diffPath: String

    init?(expected: Frame, actual: Frame, expectedPath: String, actualPath: String, diffPath: String) {
        self.expectedPath = expectedPath
        self.actualPath = actualPath
        self.diffPath = diffPath
        guard expected.size == actual.size, expected.capability == actual.capability else {
            differingPixels = actual.size.width * actual.size.height
            bounds = actual.bounds
            shapeDifference = "expected \(expected.size) \(expected.capability), got \(actual.size) \(actual.capability)"
            return
        }
        shapeDifference = nil
        var count = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<actual.size.height {
            for x in 0..<actual.size.width where actual[x, y] != expected[x, y] {
                count += 1
                minX = min(minX, x)
                minY = min(minY, y)
                maxX = max(maxX, x)
                maxY = max(maxY, y)
            }
        }
        guard count > 0 else { return nil }
        differingPixels = count
        bounds = PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    public var description: String {
        let what = shapeDifference.map { "the frame does not match its golden (\($0))" }
            ?? "\(differingPixels) pixel\(differingPixels == 1 ? "" : "s") differ from the golden inside \(bounds) (width×height+x+y)"
        return "\(what). Expected: \(expectedPath); actual: \(actualPath); diff (differing pixels red): \(diffPath). "
            + "If the change is intended, run the tests with \(GoldenImage.recordVariable)=1 and commit the new golden."
    }

    /// The expected image in black and white with every differing pixel red (when the frames do not
    /// even match in size or capability: the actual image's inked pixels in red).
    func diffImage(expected: Frame, actual: Frame) -> Frame {
        var diff = Frame(size: actual.size, capability: .blackWhiteRed)
        for y in 0..<actual.size.height {
            for x in 0..<actual.size.width {
                if shapeDifference != nil {
                    if actual[x, y] != .white { diff[x, y] = .red }
                } else if actual[x, y] != expected[x, y] {
                    diff[x, y] = .red
                } else if expected[x, y] != .white {
                    diff[x, y] = .black
                }
            }
        }
        return diff
    }
}
