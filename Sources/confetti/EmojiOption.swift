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

    /// The emoji in `text`: each grapheme cluster (a flag, a ZWJ family, a skin tone is one),
    /// whitespace between them skipped. Counted here, before any picture is made.
    static func graphemes(_ text: String) throws -> [String] {
        let emoji = text.filter { !$0.isWhitespace }.map(String.init)
        guard !emoji.isEmpty else { throw OptionRefusal("--emoji needs at least one emoji") }
        guard emoji.count <= Sprite.maxCount else {
            throw OptionRefusal("--emoji gives \(emoji.count) emoji; at most \(Sprite.maxCount) (one sprite each)")
        }
        return emoji
    }

    func validate() throws {
        if let emoji { _ = try Self.graphemes(emoji) }
    }

    /// The sprites for `effect` (nil without --emoji), made once per run: refused, before any
    /// picture is made, when its kind has no particles to draw as emoji (`name` says which
    /// effect); an emoji the font cannot draw is refused by its `SpriteError`.
    func sprites(for effect: Effect, name: String) throws -> [Sprite]? {
        guard let emoji else { return nil }
        guard effect.withSprites([]) != nil else {
            let kinds = EffectName.allCases.filter { Effect(kind: $0).withSprites([]) != nil }.map(\.rawValue)
            throw OptionRefusal("--emoji \(printable(emoji)) draws particles as emoji, but \(printable(name, limit: 160)) is a \(effect.kind.rawValue) effect, which has none to draw so: give an effect of kind \(kinds.dropLast().joined(separator: ", ")) or \(kinds.last!) (--effect peony is a shell bursting into stars)")
        }
        if let made = Self.made[emoji] { return made }
        do {
            let sprites = try Self.graphemes(emoji).map { try Sprite(.emoji($0)) }
            Self.made[emoji] = sprites
            return sprites
        } catch let error as SpriteError {
            throw OptionRefusal("--emoji: \(error)")
        }
    }

    /// `effect` with its particles drawn as the emoji (as it is without --emoji).
    func applied(to effect: Effect, name: String) throws -> Effect {
        guard let sprites = try sprites(for: effect, name: name) else { return effect }
        return effect.withSprites(sprites)!
    }

    /// Pictures are made once per run: `render` checks before it runs with the same effect.
    nonisolated(unsafe) private static var made: [String: [Sprite]] = [:]
}
