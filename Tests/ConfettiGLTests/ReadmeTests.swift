import ConfettiApp
import ConfettiGL
import Foundation
import Testing
import TestSupport

/// The README's generated sections equal what the code says: the viewer's key table and the
/// effect file's field reference. `CONFETTI_UPDATE_README=1 swift test --filter Readme`
/// rewrites them.
@Suite struct ReadmeTests {
    static let readme = Repository.file("README.md")

    func check(section marker: String, equals generated: String) throws {
        var text = try String(contentsOf: Self.readme, encoding: .utf8)
        let open = "<!-- \(marker) -->\n", close = "<!-- /\(marker) -->"
        let start = try #require(text.range(of: open), "README has no \(open)")
        let end = try #require(text.range(of: close, range: start.upperBound..<text.endIndex), "README has no \(close)")
        let current = String(text[start.upperBound..<end.lowerBound])
        if ProcessInfo.processInfo.environment["CONFETTI_UPDATE_README"] == "1" {
            text.replaceSubrange(start.upperBound..<end.lowerBound, with: generated + "\n")
            try text.write(to: Self.readme, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == generated + "\n", "README's \(marker) section is out of date: run CONFETTI_UPDATE_README=1 swift test --filter Readme")
    }

    @Test func readmeKeyTableIsTheViewersOwn() async throws {
        try check(section: "viewer keys", equals: ViewerKeys.markdown)
    }

    @Test func readmeFieldReferenceIsTheEffectFormatsOwn() async throws {
        try check(section: "field reference", equals: EffectFile.reference)
    }
}
