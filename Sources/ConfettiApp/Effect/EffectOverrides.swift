import ConfettiCore

/// What a command's options change in the effect it plays (`--emoji`, `--reduced-motion`,
/// `--bloom`, `--count`, `--mute`), over every effect it loads: render, overlay, the viewer at
/// start-up and on every reload or preset switch. Applied in one order, here: sprites, reduced
/// motion, glow, count, then the sound.
///
/// The order matters where two touch one field: `--count` is the pieces per burst as played,
/// so it comes after reduced motion, which halves the effect's own count.
package struct EffectOverrides: Sendable, Equatable {
    /// The emoji the particles are drawn as (`--emoji`), as given; nil: as each effect says.
    package private(set) var emoji: String?
    /// The pictures made from `emoji`, one per grapheme cluster.
    package private(set) var sprites: [Sprite]?
    /// Fewer, slower pieces and no flashing (`Effect.reducedMotion`).
    package var reducedMotion = false
    /// Glow or not whatever the effect says (`--bloom`, `--no-bloom`); nil: as it says.
    package var bloom: Bool?
    /// Confetti pieces per burst, over the effect's own (`--count`).
    package var count: Int?
    /// No sound (`--mute`): a recording has no track (`recorded`); a player starts its sound
    /// output muted, which the viewer's M can turn on, so `applied` keeps the effect's sound.
    package var muted = false

    /// No overrides: every effect as it says.
    package init() {}

    /// The overrides a command starts with, refused (`check`) when `effect`, the effect it
    /// starts with, named `name`, has nothing for one of them to change, before any picture is
    /// made.
    package init(emoji: String? = nil, reducedMotion: Bool = false, bloom: Bool? = nil, count: Int? = nil, muted: Bool = false, for effect: Effect, name: String) throws {
        self.emoji = emoji
        self.reducedMotion = reducedMotion
        self.bloom = bloom
        self.muted = muted
        try check(effect, name: name)
        sprites = try emoji.map(Self.sprites)
        self.count = count
        try check(applied(to: effect), name: name)
    }

    /// `effect` as played: its particles as the sprites, where its kind has particles a sprite
    /// can stand for; reduced motion; the glow; the count. An override that has nothing to change
    /// in the effect's kind (the emoji of a rocket a preset switch brings in) leaves it as it is:
    /// `check` refuses it for the effect a command starts with.
    package func applied(to effect: Effect) -> Effect {
        var played = effect
        if let sprites { played = played.withSprites(sprites) ?? played }
        if reducedMotion { played = played.reducedMotion }
        if let bloom { played.bloom.isEnabled = bloom }
        if let count { played.confetti.count = count }
        return played
    }

    /// `effect` as a recording plays it: `applied`, and with `muted` no sound.
    package func recorded(_ effect: Effect) -> Effect {
        var played = applied(to: effect)
        if muted { played.sound.isEnabled = false }
        return played
    }

    /// Refuses an override `effect`'s kind has nothing to change in, naming the effect as `name`
    /// and what to give instead: `--emoji` for a kind with no particles to draw as pictures,
    /// `--count` for one with no confetti burst to size.
    package func check(_ effect: Effect, name: String) throws {
        if let emoji, effect.withSprites([]) == nil {
            let kinds = EffectKindName.allCases.filter { Effect(kind: $0).withSprites([]) != nil }.map(\.rawValue)
            throw OptionRefusal("--emoji \(printable(emoji)) draws particles as emoji, but \(printable(name, limit: 160)) is a \(effect.kind.rawValue) effect, which has none to draw so: give an effect of kind \(kinds.dropLast().joined(separator: ", ")) or \(kinds.last!) (--effect peony is a shell bursting into stars)")
        }
        if let count, case .fields(let fields) = effect.kind.definition.pieceCount(effect) {
            throw OptionRefusal("--count \(count) sets confetti pieces per burst, but \(printable(name, limit: 160)) is a \(effect.kind.rawValue) effect, with no confetti burst to size: its particles are \(fields) in an effect file; leave --count out")
        }
    }

    /// The emoji in `text`: each grapheme cluster (a flag, a ZWJ family, a skin tone is one),
    /// whitespace between them skipped. Counted here, before any picture is made.
    package static func graphemes(_ text: String) throws -> [String] {
        let emoji = text.filter { !$0.isWhitespace }.map(String.init)
        guard !emoji.isEmpty else { throw OptionRefusal("--emoji needs at least one emoji") }
        guard emoji.count <= Sprite.maxCount else {
            throw OptionRefusal("--emoji gives \(emoji.count) emoji; at most \(Sprite.maxCount) (one sprite each)")
        }
        return emoji
    }

    /// One sprite per emoji of `text`; an emoji the font cannot draw is refused by its `SpriteError`.
    private static func sprites(_ text: String) throws -> [Sprite] {
        do {
            return try graphemes(text).map { try Sprite(.emoji($0)) }
        } catch let error as SpriteError {
            throw OptionRefusal("--emoji: \(error)")
        }
    }
}
