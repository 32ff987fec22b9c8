import Foundation
import HubTestSupport
import Testing

@testable import InkUI

@Suite("Golden images")
struct GoldenImageTests {
    private func frame(marking x: Int) -> Frame {
        var frame = Frame(size: PixelSize(width: 12, height: 6), capability: .monochrome)
        frame.fill(PixelRect(x: x, y: 1, width: 3, height: 2), with: .black)
        return frame
    }

    @Test("a missing golden is recorded, then matched")
    func recordsThenMatches() throws {
        let folder = try TemporaryFolder()
        let goldens = GoldenImage(directory: folder.path, recordsAll: false)
        let outcome = try goldens.compare(frame(marking: 2), named: "Widgets/sample")
        #expect(outcome == .recorded(path: folder.path + "/Widgets/sample.png"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/Widgets/sample.png"))
        #expect(try goldens.compare(frame(marking: 2), named: "Widgets/sample") == .matched)
    }

    @Test("a mismatch writes the actual and a diff image and says how many pixels differ")
    func mismatch() throws {
        let folder = try TemporaryFolder()
        let goldens = GoldenImage(directory: folder.path, recordsAll: false)
        _ = try goldens.compare(frame(marking: 2), named: "sample")
        guard case .mismatched(let mismatch) = try goldens.compare(frame(marking: 4), named: "sample") else {
            Issue.record("expected a mismatch")
            return
        }
        // Columns 2-3 lost ink, 5-6 gained it, on two rows.
        #expect(mismatch.differingPixels == 8)
        #expect(mismatch.bounds == PixelRect(x: 2, y: 1, width: 5, height: 2))
        #expect(mismatch.description.contains("8 pixels differ"))
        #expect(mismatch.description.contains(folder.path + "/sample.actual.png"))
        #expect(mismatch.description.contains("WEATHERHUB_RECORD_GOLDENS=1"))
        let actual = try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path + "/sample.actual.png"))))
        #expect(actual == frame(marking: 4))
        let diff = try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path + "/sample.diff.png"))))
        #expect(diff[2, 1] == .red)
        #expect(diff[4, 1] == .black)
        #expect(diff[6, 2] == .red)
        #expect(diff[0, 0] == .white)
        // Once the frame matches again, the leftovers go away.
        #expect(try goldens.compare(frame(marking: 2), named: "sample") == .matched)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/sample.diff.png"))
    }

    @Test("a frame of another size or capability is a mismatch")
    func shapeMismatch() throws {
        let folder = try TemporaryFolder()
        let goldens = GoldenImage(directory: folder.path, recordsAll: false)
        _ = try goldens.compare(frame(marking: 2), named: "sample")
        let grey = Frame(size: PixelSize(width: 12, height: 6), capability: .grayscale4)
        guard case .mismatched(let mismatch) = try goldens.compare(grey, named: "sample") else {
            Issue.record("expected a mismatch")
            return
        }
        #expect(mismatch.description.contains("grayscale4"))
    }

    @Test("record mode overwrites goldens")
    func recordMode() throws {
        let folder = try TemporaryFolder()
        _ = try GoldenImage(directory: folder.path, recordsAll: false).compare(frame(marking: 2), named: "sample")
        let recording = GoldenImage(directory: folder.path, recordsAll: true)
        #expect(try recording.compare(frame(marking: 5), named: "sample") == .recorded(path: folder.path + "/sample.png"))
        #expect(try GoldenImage(directory: folder.path, recordsAll: false).compare(frame(marking: 5), named: "sample") == .matched)
    }

    @Test("goldens live in the Goldens folder of the calling test target")
    func folderOfTestTarget() {
        let goldens = GoldenImage.forTestFile("/work/repo/Tests/WidgetTests/Family/SmallTests.swift")
        #expect(goldens.directory == "/work/repo/Tests/WidgetTests/Goldens")
    }
}
