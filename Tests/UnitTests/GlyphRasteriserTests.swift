import ConfettiCore
import Foundation
import Testing
import TestSupport

/// Emoji and text sprites: one emoji one glyph, text a mask unless it has emoji, refusals that
/// name the character or the font, and the font pinned by its digest.
@Suite(.tags(.fileFormat)) struct GlyphRasteriserTests {
    /// FNV-1a 64 of /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf from Debian 12's
    /// fonts-noto-color-emoji 2.042-0+deb12u1 (10,980,856 bytes; SHA-256 e5899ed3…f1ec). The
    /// emoji sprites these tests check (🎉 136 × 128, the sequences one glyph each) were drawn
    /// with it. If a new font package changes it, this test fails first: look at the new
    /// pictures (and the sizes below), then put `GlyphRasteriser.fontDigest` of the new file here,
    /// with its package version above.
    static let emojiFontDigest = "fnv1a64:b9b5903cc221c8c2"

    func refusal(_ make: () throws(SpriteError) -> SpriteImage) -> String? {
        do {
            _ = try make()
            return nil
        } catch {
            return error.description
        }
    }

    /// Premultiplied: no channel above alpha.
    func isPremultiplied(_ image: SpriteImage) -> Bool {
        stride(from: 0, to: image.pixels.count, by: 4).allSatisfy { i in
            image.pixels[i..<(i + 3)].allSatisfy { $0 <= image.pixels[i + 3] }
        }
    }

    /// Whether any visible pixel is coloured (red, green and blue not all equal).
    func hasColour(_ image: SpriteImage) -> Bool {
        stride(from: 0, to: image.pixels.count, by: 4).contains { (i: Int) -> Bool in
            let p = image.pixels
            return p[i + 3] > 0 && (p[i] != p[i + 1] || p[i + 1] != p[i + 2])
        }
    }

    /// Whether every pixel is white at its coverage: red, green and blue equal to alpha.
    func isWhite(_ pixels: [UInt8], at offsets: some Sequence<Int>) -> Bool {
        offsets.allSatisfy { (i: Int) -> Bool in pixels[i] == pixels[i + 3] && pixels[i + 1] == pixels[i + 3] && pixels[i + 2] == pixels[i + 3] }
    }

    @Test func theEmojiFontIsTheOneTheseTestsWereMadeWith() throws {
        let font = try GlyphRasteriser.emojiFont()
        #expect(font.path.hasSuffix("NotoColorEmoji.ttf"), "\(font.path)")
        #expect(try GlyphRasteriser.fontDigest(font) == Self.emojiFontDigest)
    }

    @Test func anEmojiIsTheFontsColourBitmapWhole() throws {
        let party = try GlyphRasteriser.emoji("🎉")
        #expect(party.width == 136 && party.height == 128)
        #expect(!party.isMask && !party.isBlank && hasColour(party) && isPremultiplied(party))
        // The same emoji twice is the same bytes: nothing in the drawing varies.
        #expect(try GlyphRasteriser.emoji("🎉") == party)
    }

    @Test func sequencesFlagsSkinTonesAndKeycapsAreOneGlyphEach() throws {
        // Each is several scalars; the rasteriser refuses anything the font draws as more than
        // one glyph, so each succeeding at the width of one emoji is the proof.
        for (sequence, firstPart) in [("👩‍🚀", "👩"), ("🇯🇵", "🇯"), ("👍🏽", "👍"), ("1️⃣", "1"), ("🏳️‍🌈", "🏳")] {
            let image = try GlyphRasteriser.emoji(sequence)
            #expect(image.width == 136 && image.height == 128, "\(sequence)")
            #expect(!image.isBlank && !image.isMask && isPremultiplied(image), "\(sequence)")
            // Not its first scalar drawn alone, with the rest ignored.
            #expect(try image != GlyphRasteriser.emoji(firstPart), "\(sequence)")
        }
        // A flag of a region the font has (California) is one glyph too.
        #expect(try !GlyphRasteriser.emoji("🏴\u{E0075}\u{E0073}\u{E0063}\u{E0061}\u{E007F}").isBlank)
    }

    @Test func anEmojiTheFontLacksIsRefusedByItsCodePoints() {
        #expect(refusal { () throws(SpriteError) in try GlyphRasteriser.emoji("\u{10FFFD}") }
            == "the emoji font has no glyph for '\\u{10fffd}' (U+10FFFD)")
        // Emoji 16.0, newer than the font.
        #expect(refusal { () throws(SpriteError) in try GlyphRasteriser.emoji("\u{1FAE9}") }
            == "the emoji font has no glyph for '\u{1FAE9}' (U+1FAE9)")
        #expect(refusal { () throws(SpriteError) in try GlyphRasteriser.emoji("a") } == "the emoji font has no glyph for 'a' (U+0061)")
        // A ZWJ sequence the font does not have would be drawn as its parts.
        #expect(refusal { () throws(SpriteError) in try GlyphRasteriser.emoji("👩‍👩‍🦰") }
            == "the emoji font has no glyph for '👩\\u{200d}👩\\u{200d}🦰' (U+1F469 U+200D U+1F469 U+200D U+1F9B0) (only for its parts, drawn side by side)")
        // A tag sequence naming no region: the font's white flag with a question mark.
        #expect(refusal { () throws(SpriteError) in try GlyphRasteriser.emoji("🏴\u{E0078}\u{E0078}\u{E0078}\u{E0078}\u{E007F}") }
            == "the emoji font has no glyph for '🏴\\u{e0078}\\u{e0078}\\u{e0078}\\u{e0078}\\u{e007f}' (U+1F3F4 U+E0078 U+E0078 U+E0078 U+E0078 U+E007F) (only its flag of unknown regions)")
        // A stray joiner is part of the cluster but of no emoji.
        #expect(refusal { () throws(SpriteError) in try GlyphRasteriser.emoji("🎉\u{200D}") }
            == "the emoji font has no glyph for '🎉\\u{200d}' (U+1F389 U+200D)")
        #expect(refusal { () throws(SpriteError) in try GlyphRasteriser.emoji(" ") } == "the emoji font's glyph for ' ' (U+0020) is blank")
    }

    @Test func anEmojiSpriteIsExactlyOneCharacter() {
        #expect(refusal { () throws(SpriteError) in try GlyphRasteriser.emoji("") } == "an emoji sprite needs an emoji; the text is empty")
        #expect(refusal { () throws(SpriteError) in try GlyphRasteriser.emoji("🎉🎊") } == "an emoji sprite is one emoji; '🎉🎊' is 2 characters")
        #expect(refusal { () throws(SpriteError) in try GlyphRasteriser.emoji("e" + String(repeating: "\u{301}", count: 40)) }?
            .hasSuffix("has 41 Unicode scalars, at most 32") == true)
    }

    @Test func plainTextIsAWhiteMaskCroppedToItsInk() throws {
        let year = try GlyphRasteriser.text("2027", font: nil)
        #expect(year.isMask && !year.isBlank && year.width > year.height)
        // White: every pixel's colour is its coverage.
        #expect(isWhite(year.pixels, at: stride(from: 0, to: year.pixels.count, by: 4)))
        // Cropped with a margin of one pixel: the border is empty, the next ring is not.
        let w = year.width, h = year.height
        func alpha(_ x: Int, _ y: Int) -> UInt8 { year.pixels[4 * (y * w + x) + 3] }
        #expect((0..<w).allSatisfy { alpha($0, 0) == 0 && alpha($0, h - 1) == 0 })
        #expect((0..<h).allSatisfy { alpha(0, $0) == 0 && alpha(w - 1, $0) == 0 })
        #expect((1..<(w - 1)).contains { alpha($0, 1) > 0 } && (1..<(w - 1)).contains { alpha($0, h - 2) > 0 })
        #expect((1..<(h - 1)).contains { alpha(1, $0) > 0 } && (1..<(h - 1)).contains { alpha(w - 2, $0) > 0 })
        // About the em: digits are some 70 px tall at 96 px.
        #expect((60...90).contains(h), "\(w)×\(h)")
    }

    @Test func theFontIsFoundByFamilyOrByPath() throws {
        let byDefault = try GlyphRasteriser.text("Hello", font: nil)
        let path = try GlyphRasteriser.textFont(nil).path
        let family = try GlyphRasteriser.textFont("DejaVu Sans")
        #expect(family.path.hasSuffix("DejaVuSans.ttf"), "\(family.path)")
        if path == family.path {
            #expect(try GlyphRasteriser.text("Hello", font: "DejaVu Sans") == byDefault)
            #expect(try GlyphRasteriser.text("Hello", font: "dejavu sans") == byDefault)
        }
        #expect(try GlyphRasteriser.text("Hello", font: path) == byDefault)
        #expect(try GlyphRasteriser.fontDigest(family).hasPrefix("fnv1a64:"))
        #expect(try GlyphRasteriser.fontDigest(family).count == 24)
    }

    @Test func textWithAnEmojiIsColourWithWhiteLetters() throws {
        let happy = try GlyphRasteriser.text("🎉 Happy", font: nil)
        let plain = try GlyphRasteriser.text("Happy", font: nil)
        #expect(!happy.isMask && hasColour(happy) && isPremultiplied(happy))
        #expect(happy.width > plain.width + 96)
        // The emoji is shrunk from its 109 ppem strike to the text's 96 px: about 113 px tall.
        #expect((100...116).contains(happy.height), "\(happy.width)×\(happy.height)")
        // The letters are white: the right part, past the emoji, is grey levels only.
        let w = happy.width
        let letters = stride(from: 0, to: happy.pixels.count, by: 4).filter { ($0 / 4) % w > w - plain.width + 2 }
        #expect(isWhite(happy.pixels, at: letters))
        #expect(letters.contains { happy.pixels[$0 + 3] == 255 })
        // A keycap asks for the emoji even though the text font has the digit.
        #expect(try !GlyphRasteriser.text("1️⃣", font: nil).isMask)
        #expect(try GlyphRasteriser.text("1", font: nil).isMask)
    }

    @Test func aCharacterNoFontHasIsRefusedByItsCodePoints() {
        let family = "DejaVu Sans"
        #expect(refusal { () throws(SpriteError) in try GlyphRasteriser.text("a\u{10FFFD}b", font: family) }
            == "neither DejaVu Sans nor the emoji font has a glyph for '\\u{10fffd}' (U+10FFFD)")
        #expect(refusal { () throws(SpriteError) in try GlyphRasteriser.text("go \u{1FAE9}", font: family) }
            == "neither DejaVu Sans nor the emoji font has a glyph for '\u{1FAE9}' (U+1FAE9)")
        #expect(refusal { () throws(SpriteError) in try GlyphRasteriser.text("🏴\u{E0078}\u{E0078}\u{E0078}\u{E0078}\u{E007F}!", font: family) }?
            .hasPrefix("Noto Color Emoji has no glyph for '🏴") == true)
    }

    @Test func textThatIsNotOneShortLineIsRefused() {
        func text(_ s: String) -> String? { refusal { () throws(SpriteError) in try GlyphRasteriser.text(s, font: nil) } }
        #expect(text("") == "a text sprite needs text; the text is empty")
        #expect(text(String(repeating: "x", count: 65)) == "a text sprite is at most 64 characters; '\(String(repeating: "x", count: 39))…' is 65")
        #expect(text("Happy\nNew Year") == "a text sprite is one line of printing characters; 'Happy\\nNew Year' has U+000A")
        #expect(text("a\u{7}") == "a text sprite is one line of printing characters; 'a\\u{7}' has U+0007")
        #expect(text("a\u{2028}b") == "a text sprite is one line of printing characters; 'a\\u{2028}b' has U+2028")
        #expect(text("   ") == "a text sprite of '   ' would show nothing")
        #expect(text(String(repeating: "e" + String(repeating: "\u{301}", count: 20), count: 30))?.hasPrefix("a text sprite is at most 512 Unicode scalars") == true)
    }

    @Test func aFontThatIsNotThereIsRefusedByName() throws {
        let unknown = try #require(refusal { () throws(SpriteError) in try GlyphRasteriser.text("x", font: "No Such Family 2027") })
        #expect(unknown.hasPrefix("no font named 'No Such Family 2027' (fontconfig offers '") && unknown.hasSuffix("')"), "\(unknown)")
        #expect(refusal { () throws(SpriteError) in try GlyphRasteriser.text("x", font: "/nonexistent/fonts/Missing.ttf") }
            == "cannot read /nonexistent/fonts/Missing.ttf: no such file or directory")
        #expect(refusal { () throws(SpriteError) in try GlyphRasteriser.text("x", font: "Missing.otf") }
            == "cannot read Missing.otf: no such file or directory")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-fonts-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(refusal { () throws(SpriteError) in try GlyphRasteriser.text("x", font: directory.path) }
            == "cannot read \(directory.path): it is a directory, not a font file")
        let notAFont = directory.appendingPathComponent("notes.ttf")
        try Data("not a font".utf8).write(to: notAFont)
        #expect(refusal { () throws(SpriteError) in try GlyphRasteriser.text("x", font: notAFont.path) }
            == "\(notAFont.path) is not a font FreeType can read")
        let loop = directory.appendingPathComponent("loop.ttf").path
        #expect(symlink(loop, loop) == 0)
        #expect(refusal { () throws(SpriteError) in try GlyphRasteriser.text("x", font: loop) }
            == "cannot read \(loop): a loop of symbolic links (or more links in a row than the system follows)")
    }

    @Test func emojiAreDrawnOnManyThreadsAtOnceAlike() async throws {
        let alone = try GlyphRasteriser.emoji("🎊")
        let results = await withTaskGroup(of: SpriteImage?.self) { group in
            for _ in 0..<8 { group.addTask { try? GlyphRasteriser.emoji("🎊") } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8 && results.allSatisfy { $0 == alone })
    }
}
