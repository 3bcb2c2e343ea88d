import ConfettiApp
import ConfettiGL
import Testing
import TestSupport

/// The docs' generated sections equal what the code says: the viewer's key table in the README
/// and the effect file's field reference in docs/effect-files.md.
/// `CONFETTI_UPDATE_DOCS=1 swift test --filter DocsTests` rewrites them (`GeneratedSection`).
@Suite struct DocsTests {
    @Test func theKeyTableIsTheViewersOwn() async throws {
        try GeneratedSection.check("README.md", section: "viewer keys", equals: ViewerKeys.markdown)
    }

    @Test func theFieldReferenceIsTheEffectFormatsOwn() async throws {
        try GeneratedSection.check("docs/effect-files.md", section: "field reference", equals: EffectFile.reference)
    }
}
