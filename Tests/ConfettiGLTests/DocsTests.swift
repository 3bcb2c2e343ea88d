import ConfettiApp
import ConfettiGL
import Foundation
import Testing
import TestSupport

/// The docs' generated sections equal what the code says: the viewer's key table in the README
/// and the effect file's field reference in docs/effect-files.md.
/// `CONFETTI_UPDATE_DOCS=1 swift test --filter Docs` rewrites them.
@Suite struct DocsTests {
    /// The part of `file` (relative to the package root) between `<!-- marker -->` and
    /// `<!-- /marker -->` equals `generated`.
    func check(_ file: String, section marker: String, equals generated: String) throws {
        let url = Repository.file(file)
        var text = try String(contentsOf: url, encoding: .utf8)
        let open = "<!-- \(marker) -->\n", close = "<!-- /\(marker) -->"
        let start = try #require(text.range(of: open), "\(file) has no \(open)")
        let end = try #require(text.range(of: close, range: start.upperBound..<text.endIndex), "\(file) has no \(close)")
        let current = String(text[start.upperBound..<end.lowerBound])
        if ProcessInfo.processInfo.environment["CONFETTI_UPDATE_DOCS"] == "1" {
            text.replaceSubrange(start.upperBound..<end.lowerBound, with: generated + "\n")
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == generated + "\n", "\(file)'s \(marker) section is out of date: run CONFETTI_UPDATE_DOCS=1 swift test --filter Docs")
    }

    @Test func theKeyTableIsTheViewersOwn() async throws {
        try check("README.md", section: "viewer keys", equals: ViewerKeys.markdown)
    }

    @Test func theFieldReferenceIsTheEffectFormatsOwn() async throws {
        try check("docs/effect-files.md", section: "field reference", equals: EffectFile.reference)
    }
}
