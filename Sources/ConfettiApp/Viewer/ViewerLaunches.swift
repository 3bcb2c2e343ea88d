import ConfettiCore
import ConfettiGL

/// Everything the viewer fires is numbered here: launch k is spawned in ConfettiCore from RNG
/// stream k of `--seed` (`SeededGenerator.init(seed:launch:)`), whichever key, click, stress
/// launch or emitter chunk made it, then uploaded to the scene's `Celebration` and its sounds
/// played. Each launch is checked against `Budget` here first, with the viewer's own names
/// (`--count`, `--capacity`) for a refusal; a refused launch takes no stream.
extension Viewer {
    /// Takes the next launch's index. The stream counts as used once taken, even if its upload
    /// then fails, so that a launch already in part on screen is never drawn again by the next.
    private func nextLaunch() -> Int {
        defer { launches += 1 }
        return launches
    }

    /// Uploads `launch` born at `time` and plays its sounds.
    private func show(_ launch: Launch, at time: Double) throws -> [any ParticleBatch] {
        try renderer.celebration.upload(launch.batches, at: time)
        sound?.add(launch.sounds.map { $0.delayed(by: time) })
        needsRedraw = true
        return launch.batches
    }

    private func launch(_ kind: EffectName, around rect: Rect) throws -> [any ParticleBatch] {
        // Checked at start-up and on reload; checked again here, before spawning, all the same.
        try Budget.launch(options.effect, .effect(kind), capacity: options.capacity, names: .options(countGiven: options.overrides.count != nil))
        let launch = options.effect.launch(kind, seed: options.seed, index: nextLaunch(), around: rect, in: viewport)
        return try show(launch, at: clock.time)
    }

    /// One confetti launch of the viewer's own making (a stress launch, an emitter chunk), born
    /// at `time`; the caller has checked it. It makes no sound.
    func launch(_ confetti: ConfettiSection, at time: Double) throws {
        var rng = SeededGenerator(seed: options.seed, launch: nextLaunch())
        try renderer.celebration.upload(confetti.batches(in: viewport, using: &rng), at: time)
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
        let launch = options.effect.firework(at: point, seed: options.seed, index: nextLaunch(), in: viewport)
        return try show(launch, at: clock.time).of(SparkKind.self).flatMap(\.particles)
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
