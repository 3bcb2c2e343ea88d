import ConfettiApp
import ConfettiGL
import Foundation
import Testing
import TestSupport

/// `confetti gallery`: the contact sheet written as one PNG, and a bad option refused.
@Suite struct GalleryCommandTests {
    @Test func galleryWritesTheSheetAsOnePNGAndLeavesNoTemporaryFile() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-gallery-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("docs/gallery.png").path
        let outcome = try await ConfettiBinary.run(["gallery", "--out", out, "--tile", "160x90", "--columns", "3"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let image = try PNGFile.read(out)
        var sheet = ContactSheet()
        sheet.tileWidth = 160
        sheet.tileHeight = 90
        sheet.columns = 3
        #expect(image.width == sheet.width && image.height == sheet.height)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("docs").path) == ["gallery.png"])
        let bad = try await ConfettiBinary.run(["gallery", "--out", out, "--columns", "0"])
        #expect(bad.status == 2 && bad.stderr.contains("--columns"))
    }
}
