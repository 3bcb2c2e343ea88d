extension EffectKinds {
    /// `"kind": "fountain"`: sparks rising from the top of the Celebrate button one after
    /// another (the fireworks article).
    package enum Fountain: EffectKind {
        package static var hasButton: Bool { true }

        /// Its sparks, and a fizz while they rise.
        package static func launch(_ effect: Effect, around button: Rect, in viewport: Size, using draws: inout LaunchDraws) -> Launch {
            let f = effect.fountain
            return Launch(batches: [Batch<SparkKind>(f.sparks(above: button, using: &draws.particles), f.timing, sprites: f.sprites.images)],
                          sounds: [SoundEvent(.fizz, time: f.delayStep, duration: Double(f.sparkCount) * f.delayStep + f.timing.duration * 0.5, loudness: 0.15,
                                              x: button.midX / viewport.width, seed: UInt32(truncatingIfNeeded: draws.sounds.next()))])
        }

        package static func demands(_ effect: Effect, names: Budget.Names) -> [(ring: Budget.Ring, demand: Demand)] {
            [(.sparks, Demand([[Demand.Factor("fountain.sparkCount", effect.fountain.sparkCount)]], Budget.Ring.sparks.noun))]
        }

        /// Spark k appears after (k + 1) × delayStep; the last flies for the duration.
        package static func seconds(_ effect: Effect) -> Double {
            Double(effect.fountain.sparkCount) * effect.fountain.delayStep + effect.fountain.timing.duration
        }

        package static func secondsText(_ effect: Effect) -> String {
            "fountain.sparkCount \(effect.fountain.sparkCount) × fountain.delayStep \(effect.fountain.delayStep.compactText) s + fountain.duration \(effect.fountain.timing.duration.compactText) s"
        }

        package static func defaultLaunches(_ effect: Effect) -> Int { 1 }

        /// Each spark is born apart, unless they all start together.
        package static func births(_ effect: Effect) -> Demand {
            effect.fountain.delayStep > 0
                ? Demand([[Demand.Factor("fountain.sparkCount (one birth each)", effect.fountain.sparkCount)]], "")
                : Demand([[Demand.Factor("births", 1)]], "")
        }

        package static func pieceCount(_ effect: Effect) -> PieceCount { .fields("fountain.sparkCount") }
        /// Its sparks.
        package static func withSprites(_ effect: Effect, _ sprites: [Sprite]) -> Effect? {
            var dressed = effect
            dressed.fountain.sprites = sprites
            return dressed
        }
    }
}
