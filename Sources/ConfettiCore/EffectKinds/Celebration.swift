extension EffectKinds {
    /// `"kind": "celebration"`: what a click on the Celebrate button fires, two classic
    /// fireworks around its corners and a burst (or stream) of confetti.
    package enum Celebration: EffectKind {
        package static var hasButton: Bool { true }

        /// Its fireworks with their pops, then its confetti with its rustle.
        package static func launch(_ effect: Effect, around button: Rect, in viewport: Size, using draws: inout LaunchDraws) -> Launch {
            Classic.launch(effect, around: button, in: viewport, using: &draws) + Confetti.launch(effect, around: button, in: viewport, using: &draws)
        }

        package static func demands(_ effect: Effect, names: Budget.Names) -> [(ring: Budget.Ring, demand: Demand)] {
            Classic.demands(effect, names: names) + Confetti.demands(effect, names: names)
        }

        package static func seconds(_ effect: Effect) -> Double { max(Classic.seconds(effect), Confetti.seconds(effect)) }

        package static func secondsText(_ effect: Effect) -> String {
            Classic.seconds(effect) > Confetti.seconds(effect) ? Classic.secondsText(effect) : Confetti.secondsText(effect)
        }

        package static func defaultLaunches(_ effect: Effect) -> Int { 1 }

        /// Its fireworks are born with the first confetti.
        package static func births(_ effect: Effect) -> Demand { Confetti.births(effect) }

        package static func pieceCount(_ effect: Effect) -> PieceCount { Confetti.pieceCount(effect) }
        /// Its confetti, the most of what it throws; the fireworks around the button stay light.
        package static func withSprites(_ effect: Effect, _ sprites: [Sprite]) -> Effect? { Confetti.withSprites(effect, sprites) }
    }
}
