import ArgumentParser
import ConfettiApp
import ConfettiGL

/// `--emoji "🎉🎊✨"`, shared by render, view and overlay: the effect's particles drawn as these
/// emoji, each grapheme cluster one sprite of the default size, equally likely; where they go
/// is the effect kind's to say (`EffectKind.withSprites`).
struct EmojiOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Draw the particles as these emoji (each grapheme one sprite), e.g. --emoji 🎉🎊✨.",
        discussion: "Confetti pieces, sparks or a shell's stars, as the effect kind has them (a celebration's confetti); rocket and show effects have no particles to draw so. Whitespace between the emoji is skipped; at most \(Sprite.maxCount). An effect file's sprites field gives more: text, PNG images, SVG paths, sizes and weights (docs/effect-files.md, Sprites).",
        valueName: "emoji"))
    var emoji: String?

    func validate() throws {
        if let emoji { _ = try EffectOverrides.graphemes(emoji) }
    }
}
