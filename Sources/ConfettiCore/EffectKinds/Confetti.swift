extension EffectKinds {
    /// `"kind": "confetti"`: a burst of `count` pieces thrown at once, or a stream of `rate`
    /// pieces a second for `duration` seconds; which one is the effect's emission.
    package enum Confetti: EffectKind {
        static func variant(_ effect: Effect) -> any EffectKind.Type {
            effect.confetti.emission.rate > 0 ? Stream.self : Burst.self
        }

        package static var hasButton: Bool { false }

        package static func launch(_ effect: Effect, around button: Rect, in viewport: Size, using draws: inout LaunchDraws) -> Launch {
            variant(effect).launch(effect, around: button, in: viewport, using: &draws)
        }

        /// Its pieces: one batch per depth layer, the farthest first (one without depth).
        static func pieces(_ effect: Effect, in viewport: Size, using draws: inout LaunchDraws) -> [any ParticleBatch] {
            effect.confetti.batches(in: viewport, using: &draws.particles)
        }

        package static func demands(_ effect: Effect, names: Budget.Names) -> [(ring: Budget.Ring, demand: Demand)] {
            variant(effect).demands(effect, names: names)
        }

        package static func seconds(_ effect: Effect) -> Double { variant(effect).seconds(effect) }
        package static func secondsText(_ effect: Effect) -> String { variant(effect).secondsText(effect) }
        package static func defaultLaunches(_ effect: Effect) -> Int { variant(effect).defaultLaunches(effect) }
        package static func births(_ effect: Effect) -> Demand { variant(effect).births(effect) }
        package static func pieceCount(_ effect: Effect) -> PieceCount { variant(effect).pieceCount(effect) }
        /// Its pieces, thrown or streamed alike.
        package static func withSprites(_ effect: Effect, _ sprites: [Sprite]) -> Effect? {
            var dressed = effect
            dressed.confetti.sprites = sprites
            return dressed
        }
    }

    /// Confetti thrown at once: the seed article's burst, and the cannon and popper.
    package enum Burst: EffectKind {
        package static var hasButton: Bool { false }

        /// Its pieces, and a cannon's or popper's pop from its corner; the seed article's burst
        /// rustles as it rises; rain falls silently.
        package static func launch(_ effect: Effect, around button: Rect, in viewport: Size, using draws: inout LaunchDraws) -> Launch {
            Launch(batches: Confetti.pieces(effect, in: viewport, using: &draws), sounds: sounds(effect, using: &draws.sounds))
        }

        static func sounds(_ effect: Effect, using rng: inout SeededGenerator) -> [SoundEvent] {
            let emission = effect.confetti.emission, seed = UInt32(truncatingIfNeeded: rng.next())
            switch emission.emitter {
            case .cannon:
                let corner = emission.corner
                return [SoundEvent(.pop, time: 0, duration: 0.3, loudness: 0.8, x: corner.isLeft ? 0 : 1, height: corner.isBottom ? 0 : 1, seed: seed)]
            case .burst:
                return [SoundEvent(.rustle, time: 0, duration: min(effect.confetti.physics.lifetime, 1.6), loudness: 0.2, seed: seed)]
            case .rain:
                return []
            }
        }

        package static func demands(_ effect: Effect, names: Budget.Names) -> [(ring: Budget.Ring, demand: Demand)] {
            [(.confetti, Demand([[Demand.Factor(names.count, effect.confetti.count)]], Budget.Ring.confetti.noun))]
        }

        /// Its last piece (or its trail's last ghost) dies a lifetime after the launch.
        package static func seconds(_ effect: Effect) -> Double {
            effect.confetti.physics.lifetime + effect.confetti.physics.trail.duration
        }

        package static func secondsText(_ effect: Effect) -> String {
            "confetti.lifetime \(effect.confetti.physics.lifetime.compactText) s" + trailText(effect)
        }

        /// The seed article's burst from the bottom edge is three launches by default; a cannon
        /// or a popper fires once.
        package static func defaultLaunches(_ effect: Effect) -> Int { effect.confetti.emission == .atOnce ? 3 : 1 }

        /// One birth, in each depth layer that has pieces (each layer is a batch of its own).
        package static func births(_ effect: Effect) -> Demand {
            let layers = min(effect.confetti.depth.layers, effect.confetti.count)
            return Demand([[Demand.Factor(layers > 1 ? "confetti.depthLayers (one birth each)" : "births", max(layers, 1))]], "")
        }

        package static func pieceCount(_ effect: Effect) -> PieceCount { .burst }
        package static func withSprites(_ effect: Effect, _ sprites: [Sprite]) -> Effect? { Confetti.withSprites(effect, sprites) }

        static func trailText(_ effect: Effect) -> String {
            let trail = effect.confetti.physics.trail
            return trail.ghosts == 0 ? "" : " + confetti.trailGhosts \(trail.ghosts) × confetti.trailSpacing \(trail.spacing.compactText) s"
        }
    }

    /// Confetti emitted over time: rain, snow, the stream.
    package enum Stream: EffectKind {
        package static var hasButton: Bool { false }

        /// Its pieces, and no sound: a stream falls or flows without a sound of its own.
        package static func launch(_ effect: Effect, around button: Rect, in viewport: Size, using draws: inout LaunchDraws) -> Launch {
            Launch(batches: Confetti.pieces(effect, in: viewport, using: &draws))
        }

        package static func demands(_ effect: Effect, names: Budget.Names) -> [(ring: Budget.Ring, demand: Demand)] {
            let emission = effect.confetti.emission
            return [(.confetti, Demand([[Demand.Factor("confetti.rate \(emission.rate.compactText)/s × confetti.duration \(emission.duration.compactText) s", effect.confetti.pieceCount)]], Budget.Ring.confetti.noun))]
        }

        /// Its last piece is born at (n − 1) / rate and lives a lifetime (and its trail).
        package static func seconds(_ effect: Effect) -> Double {
            Double(effect.confetti.pieceCount - 1) / effect.confetti.emission.rate + Burst.seconds(effect)
        }

        package static func secondsText(_ effect: Effect) -> String {
            "confetti.duration \(effect.confetti.emission.duration.compactText) s + " + Burst.secondsText(effect)
        }

        package static func defaultLaunches(_ effect: Effect) -> Int { 1 }

        package static func births(_ effect: Effect) -> Demand {
            Demand([[Demand.Factor("confetti.rate × confetti.duration (one birth each)", effect.confetti.pieceCount)]], "")
        }

        package static func pieceCount(_ effect: Effect) -> PieceCount {
            let e = effect.confetti.emission
            return .fields("confetti.rate × confetti.duration = \(e.rate.compactText) × \(e.duration.compactText) s pieces")
        }
        package static func withSprites(_ effect: Effect, _ sprites: [Sprite]) -> Effect? { Confetti.withSprites(effect, sprites) }
    }
}
