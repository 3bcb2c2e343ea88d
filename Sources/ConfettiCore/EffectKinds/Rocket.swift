extension EffectKinds {
    /// `"kind": "rocket"`: rockets that rise on a trail and burst at their apex into sparks,
    /// which may crackle; stars of light, all scheduled at spawn.
    package enum Rocket: EffectKind {
        package static var hasButton: Bool { false }

        /// Its rockets, with each rocket's lift and burst, and a crackle per crackle.
        package static func launch(_ effect: Effect, around button: Rect, in viewport: Size, using draws: inout LaunchDraws) -> Launch {
            defer { draws.soundsAfterParticles() }
            return effect.rocket.launch(in: viewport, using: &draws.particles)
        }

        package static func demands(_ effect: Effect, names: Budget.Names) -> [(ring: Budget.Ring, demand: Demand)] {
            let r = effect.rocket
            return [(.stars, Demand([[Demand.Factor("rocket.rockets", r.rockets)],
                                        [Demand.Factor("rocket.rockets", r.rockets), Demand.Factor("rocket.sparkCount", r.sparkCount)],
                                        [Demand.Factor("rocket.rockets", r.rockets), Demand.Factor("rocket.crackles", r.crackles), Demand.Factor("rocket.crackleSparks", r.crackleSparks)]],
                                       Budget.Ring.stars.noun))]
        }

        /// Its phases are drawn at random: bounded by their ranges' upper ends.
        package static func seconds(_ effect: Effect) -> Double { effect.rocket.seconds }

        package static func secondsText(_ effect: Effect) -> String { "the rockets' \(effect.rocket.seconds.compactText) s" }

        package static func defaultLaunches(_ effect: Effect) -> Int { 1 }

        /// Each rocket, its sparks and each of its crackles are born apart.
        package static func births(_ effect: Effect) -> Demand {
            Demand([[Demand.Factor("rocket.rockets", effect.rocket.rockets), Demand.Factor("(2 + rocket.crackles) births", 2 + effect.rocket.crackles)]], "")
        }

        package static func pieceCount(_ effect: Effect) -> PieceCount { .fields("rocket.sparkCount") }
        /// None: its rockets, sparks and crackles are light only (a shell's stars take sprites).
        package static func withSprites(_ effect: Effect, _ sprites: [Sprite]) -> Effect? { nil }
    }
}
