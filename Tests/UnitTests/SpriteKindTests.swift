import ConfettiCore
import Testing
import TestSupport

/// Where each effect kind draws sprites (`EffectKind.withSprites`, which `--emoji` asks).
@Suite(.tags(.fileFormat)) struct SpriteKindTests {
    /// Each effect kind puts sprites where its particles are, or has none (success path: a
    /// picture needs no rasteriser).
    @Test func eachKindDressesItsOwnParticles() throws {
        let image = SpriteImage(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16), isMask: false)
        let sprites = [try Sprite(.picture(image))]
        let dressed: [(Effect, (Effect) -> [Sprite])] = [
            (.confetti, { $0.confetti.sprites }), (.rain, { $0.confetti.sprites }), (.celebration, { $0.confetti.sprites }),
            (.classic, { $0.classic.firework.sprites }), (.fountain, { $0.fountain.sprites }), (.peony, { $0.shell.shell.sprites }),
        ]
        for (effect, place) in dressed {
            let worn = try #require(effect.withSprites(sprites), "\(effect.kind)")
            #expect(place(worn) == sprites, "\(effect.kind)")
            #expect(place(effect).isEmpty, "\(effect.kind): the preset has none")
        }
        let celebration = try #require(Effect.celebration.withSprites(sprites))
        #expect(celebration.classic.firework.sprites.isEmpty, "a celebration's fireworks stay light")
        #expect(Effect.rocket.withSprites(sprites) == nil && Effect.show.withSprites(sprites) == nil)
    }
}
