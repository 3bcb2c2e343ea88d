import Synchronization

/// What one launch spawns, in one pass over its draws: its batches, and the sounds they make on
/// its clock. Every front end takes both from the same pass, so nothing is spawned twice to be
/// heard.
package struct Launch: Sendable {
    package var batches: [any ParticleBatch]
    package var sounds: [SoundEvent]

    package init(batches: [any ParticleBatch] = [], sounds: [SoundEvent] = []) {
        self.batches = batches
        self.sounds = sounds
    }

    /// The launch spawned `offset` (pt) away: every particle's position constants moved by its
    /// kind (`ParticleKind.moved`), so each is drawn `offset` away at every age. Its sounds stay
    /// as spawned: their pan is where they sound in the viewport the launch was spawned in.
    package func moved(by offset: SIMD2<Double>) -> Launch {
        Launch(batches: batches.map { $0.moved(by: offset) }, sounds: sounds)
    }

    /// Both launches' batches, then both launches' sounds, in order.
    package static func + (a: Launch, b: Launch) -> Launch {
        Launch(batches: a.batches + b.batches, sounds: a.sounds + b.sounds)
    }
}

/// The random draws of one launch. Its particles draw from `particles`, the launch's RNG stream.
/// Its sounds' noise seeds draw from `sounds`, a copy of that stream taken at the launch's start:
/// sounds placed by the particles they belong to (a firework's pop, where its sparks burst) first
/// move it on to where the particles' draws end (`soundsAfterParticles`). Either way a sound
/// draws nothing from the particles' stream, so whether it is heard changes no particle.
package struct LaunchDraws {
    package var particles: SeededGenerator
    package var sounds: SeededGenerator

    package init(_ rng: SeededGenerator) {
        particles = rng
        sounds = rng
    }

    /// Launch `index` of `seed` (`SeededGenerator.init(seed:launch:)`).
    package init(seed: UInt64, launch index: Int) {
        self.init(SeededGenerator(seed: seed, launch: index))
    }

    /// The sounds' draws go on from where the particles' have got to.
    package mutating func soundsAfterParticles() {
        sounds = particles
    }
}

extension SeededGenerator {
    /// The one seed rule: launch `index` of a seed draws from RNG stream `index` of it, so adding
    /// a launch leaves every earlier one as it was. Every front end (the viewer, the overlay,
    /// render, trace, bench, soak, verify, the gallery, `Celebration`) numbers its launches so.
    package init(seed: UInt64, launch index: Int) {
        precondition(index >= 0, "a launch index is never negative")
        self.init(seed: seed, stream: UInt64(index))
    }
}

/// Counts the passes the spawners of an effect's sections make, for a test that a launch is
/// spawned once: set it for a task (`$counter.withValue`) and every section spawner run in that
/// task (or a child task) records itself. Unset, recording costs one task-local read per section
/// spawned.
package final class SpawnPasses: Sendable {
    @TaskLocal package static var counter: SpawnPasses?

    private let counts = Mutex<[String: Int]>([:])

    package init() {}

    /// Every spawner that ran, with its passes.
    package var all: [String: Int] { counts.withLock { $0 } }

    /// Called by a section's spawner each time it spawns.
    package static func record(_ name: String) {
        counter?.counts.withLock { $0[name, default: 0] += 1 }
    }
}
