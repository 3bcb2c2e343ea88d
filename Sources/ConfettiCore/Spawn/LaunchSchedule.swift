package struct ScheduledBatch: Sendable {
    package var time: Double
    package var batch: any ParticleBatch
}

extension Effect {
    /// One launch of `kind` with this effect's numbers. `.celebration` is what a click on the
    /// button fires: two classic fireworks around its corners and a burst of confetti.
    /// Every command and `Celebration.fire` asks `Budget.launch` first; a launch beyond it
    /// reaching here is a bug in the caller, stopped before it allocates or loops without end.
    package func launch(_ kind: EffectName, around button: Rect, in viewport: Size, using rng: inout SeededGenerator) -> [any ParticleBatch] {
        precondition(Budget.particles(self, .effect(kind)).total <= Double(Budget.maxParticlesPerLaunch), "a launch beyond the budget reached spawning: ask Budget.launch first")
        return kind.definition.launch(self, around: button, in: viewport, using: &rng)
    }

    /// The sounds one launch of `kind` makes, as this effect plays them (its `sound` section),
    /// from the draws `launch` is given: `rng` is the launch's, left as it was. Each event's
    /// seed is salted with a draw after the launch's, so two launches never share their noise.
    package func sounds(_ kind: EffectName, around button: Rect, in viewport: Size, using rng: SeededGenerator) -> [SoundEvent] {
        guard sound.isEnabled else { return [] }
        var draws = rng
        let events = kind.definition.sounds(self, around: button, in: viewport, using: &draws)
        let salt = UInt32(truncatingIfNeeded: draws.next() >> 17)
        return sound.heard(events.map { var e = $0; e.seed ^= salt; return e })
    }

    /// One launch of this effect's own kind.
    package func launch(around button: Rect, in viewport: Size, using rng: inout SeededGenerator) -> [any ParticleBatch] {
        launch(kind, around: button, in: viewport, using: &rng)
    }
}

/// A seeded schedule of launches: `launches` launches of one effect, `interval` seconds apart.
/// What `confetti render` draws. (Not a fireworks show: that is the effect kind `show`,
/// `FireworkShow`, which one launch plays whole.)
///
/// Launch k takes RNG stream k of the seed, so adding a launch leaves the earlier ones unchanged.
package struct LaunchSchedule: Sendable {
    package var effect: Effect
    package var seed: UInt64
    package var launches: Int
    package var interval: Double

    package init(effect: Effect, seed: UInt64 = 1, launches: Int? = nil, interval: Double? = nil) {
        self.effect = effect
        self.seed = seed
        self.launches = launches ?? effect.kind.definition.defaultLaunches(effect)
        self.interval = interval ?? 0.35
    }

    /// Every launch spawned for `viewport`: each batch with the time of its launch.
    package func batches(in viewport: Size) -> [ScheduledBatch] {
        let button = Rect.button(centredIn: viewport)
        return (0..<launches).flatMap { k -> [ScheduledBatch] in
            var rng = SeededGenerator(seed: seed, stream: UInt64(k))
            let time = Double(k) * interval
            return effect.launch(around: button, in: viewport, using: &rng).map { ScheduledBatch(time: time, batch: $0) }
        }
    }

    /// Every launch's sounds, on the schedule's clock, as the effect plays them.
    package func sounds(in viewport: Size) -> [SoundEvent] {
        let button = Rect.button(centredIn: viewport)
        return (0..<launches).flatMap { k -> [SoundEvent] in
            let rng = SeededGenerator(seed: seed, stream: UInt64(k))
            return effect.sounds(effect.kind, around: button, in: viewport, using: rng).map { $0.delayed(by: Double(k) * interval) }
        }
    }

    /// Seconds until the last particle of the last launch has gone.
    package static func duration(of batches: [ScheduledBatch]) -> Double {
        batches.map { $0.time + $0.batch.duration }.max() ?? 0
    }
}
