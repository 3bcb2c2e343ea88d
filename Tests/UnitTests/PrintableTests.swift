import Testing
import TestSupport
import ConfettiCore

/// What a message quotes from its input: non-printing scalars escaped, cut to a limit.
@Suite(.tags(.fileFormat)) struct PrintableTests {
    @Test func printableEscapesNonPrintingScalars() {
        #expect(printable("a\nb\tc\rd") == "a\\nb\\tc\\rd")
        #expect(printable("\u{1b}[31m") == "\\u{1b}[31m")
        #expect(printable("\u{0}\u{7f}\u{85}") == "\\u{0}\\u{7f}\\u{85}")
        #expect(printable("abc\u{202e}cba") == "abc\\u{202e}cba")          // right-to-left override
        #expect(printable("line\u{2028}two\u{2029}") == "line\\u{2028}two\\u{2029}")
        #expect(printable("a\u{a0}b\u{200b}c") == "a\\u{a0}b\\u{200b}c")       // no-break space, zero-width space
        #expect(printable("\u{e000}\u{fffe}") == "\\u{e000}\\u{fffe}")     // private use, noncharacter
        #expect(printable("café 🎉 日本 e\u{301}") == "café 🎉 日本 e\u{301}")
        #expect(printable("back\\slash \"quotes\" 'too'") == "back\\slash \"quotes\" 'too'")
    }

    @Test func printableCutsToTheLimit() {
        #expect(printable(String(repeating: "x", count: 40)) == String(repeating: "x", count: 40))
        #expect(printable(String(repeating: "x", count: 41)) == String(repeating: "x", count: 39) + "…")
        #expect(printable("abcdef", limit: 4) == "abc…")
        #expect(printable("abcd", limit: 4) == "abcd")
        #expect(printable("abc\n", limit: 4) == "abc…")          // "\n" needs two places, only one is left
        #expect(printable("ab\n", limit: 4) == "ab\\n")
        #expect(printable("a\u{1b}bcdefgh", limit: 8) == "a\\u{1b}…")
        #expect(printable("a\u{1b}", limit: 3) == "a…")          // an escape is never cut in half
        #expect(printable("anything", limit: 1) == "…")
        #expect(printable("anything", limit: 0) == "…")
        #expect(printable("") == "")
        // One grapheme cluster of a letter and 100 000 combining marks is still cut.
        let zalgo = "a" + String(repeating: "\u{301}", count: 100_000)
        #expect(printable(zalgo, limit: 10).unicodeScalars.count == 10)
    }
}
