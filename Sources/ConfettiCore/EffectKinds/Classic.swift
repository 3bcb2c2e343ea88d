extension EffectKinds {
    /// `"kind": "classic"`: fireworks of sparks around the Celebrate button's corners (the
    /// fireworks article).
    package enum Classic: EffectKind {
        package static var hasButton: Bool { true }

        /// Its fireworks, and a small pop at each where it bursts around the button (drawn after
        /// the sparks).
        package static func launch(_ effect: Effect, around button: Rect, in viewport: Size, using draws: inout LaunchDraws) -> Launch {
            let firework = effect.classic.firework
            let fireworks = effect.classic.fireworks(around: button, using: &draws.particles)
            draws.soundsAfterParticles()
            return Launch(batches: fireworks.map { Batch<SparkKind>($0, firework.timing, sprites: firework.spriteImages) },
                          sounds: fireworks.map { sparks in
                              pop(at: sparks.first?.curve.points[0] ?? Point(viewport.width / 2, viewport.height / 2), in: viewport, using: &draws.sounds)
                          })
        }

        /// One firework at `point` (a click away from the button), and its pop.
        package static func firework(_ effect: Effect, at point: Point, in viewport: Size, using draws: inout LaunchDraws) -> Launch {
            let firework = effect.classic.firework
            let sparks = firework.sparks(at: point, using: &draws.particles)
            draws.soundsAfterParticles()
            return Launch(batches: [Batch<SparkKind>(sparks, firework.timing, sprites: firework.spriteImages)],
                          sounds: [pop(at: point, in: viewport, using: &draws.sounds)])
        }

        /// One firework's pop, where it bursts (a click away from the button fires one): near,
        /// as a button is, so heard at once.
        package static func pop(at point: Point, in viewport: Size, using rng: inout SeededGenerator) -> SoundEvent {
            SoundEvent(.pop, time: 0, duration: 0.2, loudness: 0.35, size: 0.5, x: point.x / viewport.width, height: 0,
                       seed: UInt32(truncatingIfNeeded: rng.next()))
        }

        package static func demands(_ effect: Effect, names: Budget.Names) -> [(ring: Budget.Ring, demand: Demand)] {
            [(.sparks, Demand([[Demand.Factor("classic.fireworks", effect.classic.count), Demand.Factor("classic.sparkCount", effect.classic.firework.sparkCount)]], Budget.Ring.sparks.noun))]
        }

        /// What a click away from the button fires: one of its fireworks.
        package static func oneFirework(_ effect: Effect) -> [(ring: Budget.Ring, demand: Demand)] {
            [(.sparks, Demand([[Demand.Factor("classic.sparkCount", effect.classic.firework.sparkCount)]], Budget.Ring.sparks.noun))]
        }

        /// Every spark is born at the launch and flies for the duration.
        package static func seconds(_ effect: Effect) -> Double { effect.classic.firework.timing.duration }

        package static func secondsText(_ effect: Effect) -> String {
            "classic.duration \(effect.classic.firework.timing.duration.compactText) s"
        }

        package static func defaultLaunches(_ effect: Effect) -> Int { 1 }

        package static func births(_ effect: Effect) -> Demand { Demand([[Demand.Factor("births", 1)]], "") }

        package static func pieceCount(_ effect: Effect) -> PieceCount { .fields("classic.sparkCount") }
        /// Its sparks, every firework's.
        package static func withSprites(_ effect: Effect, _ sprites: [Sprite]) -> Effect? {
            var dressed = effect
            dressed.classic.firework.sprites = sprites
            return dressed
        }
    }
}
