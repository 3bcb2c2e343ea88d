package struct ScheduledBatch: Sendable {
    package var time: Double
    package var batch: any ParticleBatch
}

extension Effect {
    /// Launch `index` of `seed` (RNG stream `index`, `SeededGenerator.init(seed:launch:)`) of
    /// `kind` with this effect's numbers: what every front end fires. `.celebration` is what a
    /// click on the button fires: two classic fireworks around its corners and a burst of confetti.
    package func launch(_ kind: EffectKindName, seed: UInt64, index: Int, around button: Rect, in viewport: Size) -> Launch {
        var rng = SeededGenerator(seed: seed, launch: index)
        return launch(kind, around: button, in: viewport, using: &rng)
    }

    /// One launch of `kind` drawn from `rng`, spawned once: its batches, and its sounds as this
    /// effect plays them (its `sound` section; none when it is off). Each event's seed is salted
    /// with a draw after the launch's sounds, so two launches never share their noise.
    /// Every command and `Celebration.fire` asks `Budget.launch` first; a launch beyond it
    /// reaching here is a bug in the caller, stopped before it allocates or loops without end.
    package func launch(_ kind: EffectKindName, around button: Rect, in viewport: Size, using rng: inout SeededGenerator) -> Launch {
        precondition(Budget.particles(self, .effect(kind)).total <= Double(Budget.maxParticlesPerLaunch), "a launch beyond the budget reached spawning: ask Budget.launch first")
        var draws = LaunchDraws(rng)
        defer { rng = draws.particles }
        return heard(kind.definition.launch(self, around: button, in: viewport, using: &draws), salt: &draws.sounds)
    }

    /// One launch of this effect's own kind.
    package func launch(around button: Rect, in viewport: Size, using rng: inout SeededGenerator) -> Launch {
        launch(kind, around: button, in: viewport, using: &rng)
    }

    /// One classic firework of this effect at `point` (a click away from the button), as launch
    /// `index` of `seed`, with its pop.
    package func firework(at point: Point, seed: UInt64, index: Int, in viewport: Size) -> Launch {
        var draws = LaunchDraws(seed: seed, launch: index)
        return heard(EffectKinds.Classic.firework(self, at: point, in: viewport, using: &draws), salt: &draws.sounds)
    }

    /// `launch` with its sounds as this effect plays them, each seed salted with the next draw of `salt`.
    private func heard(_ launch: Launch, salt rng: inout SeededGenerator) -> Launch {
        guard sound.isEnabled else { return Launch(batches: launch.batches) }
        let salt = UInt32(truncatingIfNeeded: rng.next() >> 17)
        return Launch(batches: launch.batches, sounds: sound.heard(launch.sounds.map { var e = $0; e.seed ^= salt; return e }))
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

    /// Every launch spawned once for `viewport`: each batch with the time of its launch, and
    /// every launch's sounds on the schedule's clock, as the effect plays them.
    package func spawned(in viewport: Size) -> (batches: [ScheduledBatch], sounds: [SoundEvent]) {
        let button = Rect.button(centredIn: viewport)
        var batches: [ScheduledBatch] = [], sounds: [SoundEvent] = []
        for k in 0..<launches {
            let time = Double(k) * interval
            let launch = effect.launch(effect.kind, seed: seed, index: k, around: button, in: viewport)
            batches += launch.batches.map { ScheduledBatch(time: time, batch: $0) }
            sounds += launch.sounds.map { $0.delayed(by: time) }
        }
        return (batches, sounds)
    }

    /// Seconds until the last particle of the last launch has gone.
    package static func duration(of batches: [ScheduledBatch]) -> Double {
        batches.map { $0.time + $0.batch.duration }.max() ?? 0
    }
}
