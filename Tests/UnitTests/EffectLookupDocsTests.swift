import ConfettiCore
import Testing
import TestSupport

/// docs/cli.md and docs/effect-files.md give the lookup order as `EffectReference` has it.
/// `CONFETTI_UPDATE_DOCS=1 swift test --filter DocsTests` rewrites them.
@Suite struct EffectLookupDocsTests {
    @Test(arguments: ["docs/cli.md", "docs/effect-files.md"])
    func theDocsGiveTheLookupOrder(_ doc: String) throws {
        try GeneratedSection.check(doc, section: "effect lookup", equals: EffectReference.lookupMarkdown)
    }
}
