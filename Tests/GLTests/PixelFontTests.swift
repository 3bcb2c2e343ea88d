@testable import ConfettiApp
import Testing

/// The HUD, the gallery and the button write any name a user gives an effect file, so the
/// pixel font has every printable ASCII character, each a distinct 5×7 glyph.
@Suite struct PixelFontTests {
    @Test func everyPrintableASCIICharacterHasItsOwnFiveBySevenGlyph() {
        let printable = (32...126).map { Character(Unicode.Scalar($0)!) }
        for character in printable + ["×", "…"] {
            let rows = PixelFont.glyphs[character]
            #expect(rows?.count == PixelFont.height && rows!.allSatisfy { $0.count == PixelFont.width && $0.allSatisfy { ".#".contains($0) } },
                    "'\(character)': \(rows ?? [])")
            #expect(character == " " || rows?.joined().contains("#") == true, "'\(character)' draws nothing")
        }
        // No two characters look alike, so a name reads as it is written.
        var seen: [String: Character] = [:]
        for (character, rows) in PixelFont.glyphs {
            if let other = seen[rows.joined()] { Issue.record("'\(character)' and '\(other)' have the same glyph") }
            seen[rows.joined()] = character
        }
        // A capital-letter name rasterises with ink in every letter's cell.
        let name = "FINALE ROCKET WIND"
        let text = PixelFont.rasterize(name)
        for (i, character) in name.enumerated() where character != " " {
            let ink = (0..<PixelFont.height).contains { y in (0..<PixelFont.width).contains { x in text.pixels[y * text.width + i * (PixelFont.width + 1) + x] != 0 } }
            #expect(ink, "'\(character)' of \(name) is blank")
        }
    }
}
