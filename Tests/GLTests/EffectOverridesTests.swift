import ConfettiApp
import ConfettiCore
import Testing

/// `EffectOverrides`: what render, overlay and the viewer apply to every effect they play, in
/// one order, and what they refuse for the effect they start with.
@Suite struct EffectOverridesTests {
    /// `--count` is the pieces per burst as played: it comes after reduced motion, which halves
    /// the effect's own count.
    @Test func theCountComesAfterReducedMotion() throws {
        let overrides = try EffectOverrides(reducedMotion: true, count: 50, for: .confetti, name: "confetti")
        let played = overrides.applied(to: .confetti)
        #expect(played.confetti.count == 50)
        #expect(Effect.confetti.reducedMotion.confetti.count == Effect.confetti.confetti.count / 2)
        // The rest of reduced motion is there: the slowed lifetime.
        #expect(played.confetti.physics.lifetime == Effect.confetti.reducedMotion.confetti.physics.lifetime)
        #expect(played.confetti.physics.lifetime != Effect.confetti.confetti.physics.lifetime)
    }

    /// Every override at once is the chain in its order: sprites, reduced motion, glow, count.
    @Test func everyOverrideAppliesInOneOrder() throws {
        for preset in Effect.presets where preset.effect.withSprites([]) != nil && preset.effect.kind.definition.pieceCount(preset.effect) == .burst {
            let overrides = try EffectOverrides(emoji: "🎉✨", reducedMotion: true, bloom: true, count: 40, for: preset.effect, name: preset.name)
            var expected = preset.effect.withSprites(overrides.sprites!)!.reducedMotion
            expected.bloom.isEnabled = true
            expected.confetti.count = 40
            #expect(same(overrides.applied(to: preset.effect), expected), "\(preset.name)")
            #expect(overrides.sprites?.count == 2)
        }
    }

    /// Sprites and reduced motion touch no field in common: either order gives one effect.
    @Test func spritesAndReducedMotionCommute() throws {
        let sprites = try EffectOverrides(emoji: "🎊", for: .confetti, name: "confetti").sprites!
        for preset in Effect.presets {
            guard let dressed = preset.effect.withSprites(sprites) else { continue }
            #expect(same(dressed.reducedMotion, preset.effect.reducedMotion.withSprites(sprites)!), "\(preset.name)")
        }
    }

    /// A player keeps the effect's sound (its output starts muted, and M turns it on); a
    /// recording leaves the track out.
    @Test func muteSilencesARecordingAlone() throws {
        let overrides = try EffectOverrides(muted: true, for: .peony, name: "peony")
        #expect(Effect.peony.sound.isEnabled)
        #expect(overrides.applied(to: .peony).sound.isEnabled)
        #expect(!overrides.recorded(.peony).sound.isEnabled)
        #expect(same(try EffectOverrides(for: .peony, name: "peony").recorded(.peony), .peony))
    }

    /// No overrides leave every preset as it is.
    @Test func noOverridesLeaveEveryEffect() {
        for preset in Effect.presets {
            #expect(same(EffectOverrides().applied(to: preset.effect), preset.effect), "\(preset.name)")
        }
    }

    /// The effect a command starts with is checked: emoji for a kind with no particles to draw
    /// so, a count for a kind with no confetti burst, each named.
    @Test func anOverrideWithNothingToChangeIsRefusedByName() throws {
        let emoji = #expect(throws: OptionRefusal.self) { try EffectOverrides(emoji: "🎉", for: .rocket, name: "my-rocket") }
        #expect(emoji?.message.hasPrefix("--emoji 🎉 draws particles as emoji, but my-rocket is a rocket effect") == true, "\(String(describing: emoji))")
        let count = #expect(throws: OptionRefusal.self) { try EffectOverrides(count: 5, for: .peony, name: "peony") }
        #expect(count?.message.hasPrefix("--count 5 sets confetti pieces per burst, but peony is a shell effect") == true, "\(String(describing: count))")
    }

    /// A kind refused is refused before any picture is made: an emoji the font has no picture
    /// for is not what the message is about.
    @Test func theKindIsCheckedBeforeAnyPictureIsMade() throws {
        let refusal = #expect(throws: OptionRefusal.self) { try EffectOverrides(emoji: "\u{E000}", for: .rocket, name: "rocket") }
        #expect(refusal?.message.contains("is a rocket effect") == true, "\(String(describing: refusal))")
    }

    /// What the viewer switches to may have nothing for an override to change: it plays as it is.
    @Test func aKindWithNothingToChangeIsPlayedAsItIs() throws {
        var overrides = try EffectOverrides(emoji: "🎉", for: .confetti, name: "confetti")
        overrides.count = 7
        let rocket = overrides.applied(to: .rocket)
        #expect(rocket.withSprites([]) == nil)
        #expect(same(rocket, .rocket))
    }

    /// More emoji than sprites, or none, are refused with the numbers.
    @Test func theEmojiAreCounted() {
        #expect(throws: OptionRefusal("--emoji needs at least one emoji")) { try EffectOverrides.graphemes(" \t") }
        #expect(throws: OptionRefusal("--emoji gives 33 emoji; at most 32 (one sprite each)")) { try EffectOverrides.graphemes(String(repeating: "🎉 ", count: 33)) }
        #expect((try? EffectOverrides.graphemes("🇫🇷 👨‍👩‍👧 🎉")) == ["🇫🇷", "👨‍👩‍👧", "🎉"])
    }
}

/// Two effects are one when their effect files are: every field of every section.
private func same(_ a: Effect, _ b: Effect) -> Bool { EffectFile.encode(a) == EffectFile.encode(b) }
