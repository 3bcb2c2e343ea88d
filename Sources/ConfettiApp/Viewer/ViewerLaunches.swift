import ConfettiCore
import ConfettiGL

/// Everything the viewer fires goes through the scene's `Celebration`, which numbers the
/// launches: launch k draws from RNG stream k of `--seed`, whichever key, click, stress launch or
/// emitter chunk made it. Each launch is checked against `Budget` here first, with the viewer's
/// own names (`--count`, `--capacity`) for a refusal.
extension Viewer {
    /// Launches so far; launch k drew from RNG stream k of the seed.
    package var launches: Int { renderer.celebration.launches }

    private func launch(_ kind: EffectName, around rect: Rect) throws -> [any ParticleBatch] {
        // Checked at start-up and on reload; checked again here, before spawning, all the same.
        try Budget.launch(options.effect, .effect(kind), capacity: options.capacity, names: .options(countGiven: options.overrides.count != nil))
        let time = clock.time
        var heard: [SoundEvent] = []
        let batches = try renderer.celebration.launch(at: time) { rng in
            if sound != nil { heard = options.effect.sounds(kind, around: rect, in: viewport, using: rng) }
            return options.effect.launch(kind, around: rect, in: viewport, using: &rng)
        }
        sound?.add(heard.map { $0.delayed(by: time) })
        needsRedraw = true
        return batches
    }

    /// One confetti launch of the viewer's own making (a stress launch, an emitter chunk), born
    /// at `time`; the caller has checked it.
    func launch(_ confetti: ConfettiLaunch, at time: Double) throws {
        try renderer.celebration.launch(at: time) { confetti.spawns(in: viewport, using: &$0) }
    }

    /// Fires one launch of the effect's confetti (a burst, or its stream) sized to the current
    /// window; its pieces, depth layer by depth layer when the effect has depth.
    @discardableResult
    package func fireConfetti() throws -> [ConfettiParticle] {
        try launch(.confetti, around: button.frame).of(ConfettiKind.self).flatMap(\.particles)
    }

    /// What a click on the button fires: two classic fireworks around it and confetti.
    @discardableResult
    package func celebrate() throws -> [any ParticleBatch] {
        try launch(.celebration, around: button.frame)
    }

    /// A fountain rising from the top of the button.
    @discardableResult
    package func fireFountain() throws -> [Spark] {
        try launch(.fountain, around: button.frame).of(SparkKind.self).flatMap(\.particles)
    }

    /// A classic firework exploding at `point` (in points).
    @discardableResult
    package func fireFirework(at point: Point) throws -> [Spark] {
        try Budget.launch(options.effect, .firework, capacity: options.capacity)
        let firework = options.effect.fireworks.firework
        let time = clock.time, viewport = viewport
        var heard: [SoundEvent] = []
        let batches = try renderer.celebration.launch(at: time) { rng in
            if sound != nil, options.effect.sound.isEnabled {
                var draws = rng
                _ = firework.sparks(at: point, using: &draws)
                heard = options.effect.sound.heard([EffectKinds.Classic.pop(at: point, in: viewport, using: &draws)])
            }
            return [Batch<SparkKind>(firework.sparks(at: point, using: &rng), firework.timing, sprites: firework.spriteImages)]
        }
        sound?.add(heard.map { $0.delayed(by: time) })
        needsRedraw = true
        return batches.of(SparkKind.self).flatMap(\.particles)
    }

    /// M: sound off, or on again (connecting to the sound server the first time).
    func toggleMute() {
        guard let sound else { return }
        sound.isMuted.toggle()
    }

    /// Enter: one launch of the effect's own kind (a rocket, rain, a celebration, …).
    @discardableResult
    package func fireEffect() throws -> [any ParticleBatch] {
        try launch(options.effect.kind, around: button.frame)
    }
}
