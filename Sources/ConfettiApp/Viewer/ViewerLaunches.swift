import ConfettiCore
import ConfettiGL

/// Everything the viewer fires goes through the scene's `Celebration`, which numbers the
/// launches: launch k is spawned in ConfettiCore from RNG stream k of `--seed`
/// (`SeededGenerator.init(seed:launch:)`), whichever key, click, stress launch or emitter chunk
/// made it, then uploaded, and its sounds played from what `fire` returns. A key's or a click's
/// launch is checked against `Budget` by `Celebration.fire`, once, with the viewer's own names
/// (`--count`, `--capacity`) for a refusal; a refused launch takes no stream.
extension Viewer {
    /// Launches so far; launch k drew from RNG stream k of the seed: the celebration's count.
    package var launches: Int { renderer.celebration.launches }

    /// Plays the sounds of `launch`, uploaded, and asks for a frame.
    private func show(_ launch: Launch) -> [any ParticleBatch] {
        sound?.add(launch.sounds)
        needsRedraw = true
        return launch.batches
    }

    /// One launch of `kind` (or one firework) with the effect's numbers, around `rect`.
    private func launch(_ kind: Budget.Payload, around rect: Rect) throws -> [any ParticleBatch] {
        show(try renderer.celebration.fire(options.effect, kind, at: clock.time, in: viewport, around: rect,
                                           names: .options(countGiven: options.overrides.count != nil)))
    }

    /// One confetti launch of the viewer's own making (a stress launch, an emitter chunk), born
    /// at `time`; the caller has checked it. It makes no sound.
    func launch(_ confetti: ConfettiSection, at time: Double) throws {
        let viewport = viewport
        try renderer.celebration.fire(at: time) { seed, index in
            var rng = SeededGenerator(seed: seed, launch: index)
            return Launch(batches: confetti.batches(in: viewport, using: &rng))
        }
    }

    /// Fires one launch of the effect's confetti (a burst, or its stream) sized to the current
    /// window; its pieces, depth layer by depth layer when the effect has depth.
    @discardableResult
    package func fireConfetti() throws -> [ConfettiParticle] {
        try launch(.effect(.confetti), around: button.frame).of(ConfettiKind.self).flatMap(\.particles)
    }

    /// What a click on the button fires: two classic fireworks around it and confetti.
    @discardableResult
    package func celebrate() throws -> [any ParticleBatch] {
        try launch(.effect(.celebration), around: button.frame)
    }

    /// A fountain rising from the top of the button.
    @discardableResult
    package func fireFountain() throws -> [Spark] {
        try launch(.effect(.fountain), around: button.frame).of(SparkKind.self).flatMap(\.particles)
    }

    /// A classic firework exploding at `point` (in points).
    @discardableResult
    package func fireFirework(at point: Point) throws -> [Spark] {
        // It bursts in the middle of the rectangle it is fired around: one of no size at `point`.
        try launch(.firework, around: Rect(x: point.x, y: point.y, width: 0, height: 0)).of(SparkKind.self).flatMap(\.particles)
    }

    /// M: sound off, or on again (connecting to the sound server the first time).
    func toggleMute() {
        guard let sound else { return }
        sound.isMuted.toggle()
    }

    /// Enter: one launch of the effect's own kind (a rocket, rain, a celebration, …).
    @discardableResult
    package func fireEffect() throws -> [any ParticleBatch] {
        try launch(.effect(options.effect.kind), around: button.frame)
    }
}
