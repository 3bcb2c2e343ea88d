import FoundationEssentials

extension FireworkShell {
    /// When a stage spawns, on the clock of the shell's stars.
    public enum Trigger: Hashable, Sendable {
        /// Once, at the burst, beside the stars (a flash, a pistil).
        case birth
        /// Every this many seconds of each star's life, where the star then is (glitter).
        case every(Double)
        /// At each star's death, where it dies (a crossette's split, a crackle).
        case death

        /// Times it fires per star of `lifetime` s at most: a Double, never converted, as
        /// lifetime / interval is beyond any integer for a denormal interval (the budget refuses
        /// such a shell before it is spawned).
        package func firings(over lifetime: Double) -> Double {
            switch self {
            case .birth: 0
            case .every(let interval): interval > 0 ? (lifetime / interval).rounded(.down) : 0
            case .death: 1
            }
        }
    }
}

/// What a shell's stars do besides burning: a value with its trigger (`FireworkShell.Trigger`)
/// and its own parameters, spawned with the stars at the burst, its births in the future. A new
/// stage costs one type conforming to this (a file in this folder), its property in
/// `FireworkShell.Stages` (stored, and named in `all` and `calmed`), its fields in the effect
/// format's shell table, and its row in docs/api.md; the shell's count, length, budget,
/// births, sounds and reduced motion all ask its stages, so nothing else changes.
package protocol ShellStage: Sendable {
    /// When it spawns.
    var trigger: FireworkShell.Trigger { get }
    /// Whether it spawns anything (a count or a size of 0: nothing, and no draws).
    var isOn: Bool { get }
    /// Drawn beneath the shell's stars (a flash) rather than over them.
    var beneathStars: Bool { get }
    /// Particles it adds per burst, and per star of the shell.
    func particles(in shell: FireworkShell) -> (perBurst: Double, perStar: Double)
    /// Seconds from the burst until its last light has gone, at most.
    func seconds(in shell: FireworkShell) -> Double
    /// The field that multiplies up its particles (under `prefix`, the section's name), and
    /// whether it counts per star: how a refusal names it.
    func demand(in shell: FireworkShell, prefix: String) -> (factor: Demand.Factor, perStar: Bool)
    /// Its batches, drawing from `rng` after the stars and every stage before it.
    func spawn(_ burst: ShellBurst, using rng: inout SeededGenerator) -> [any ParticleBatch]
    /// Its sounds beside the burst's own, drawing nothing.
    func sounds(_ burst: ShellBurst) -> [SoundEvent]
    /// What a star dying into it sounds like: the crackle's length and its count of sparks.
    var snap: (duration: Double, sparks: Int)? { get }
    /// As reduced motion plays it, after the shell's fields were slowed by `s`: what no field
    /// holds slowed too, and nothing that flashes.
    func calmed(_ s: Double) -> Self
}

extension ShellStage {
    package var beneathStars: Bool { false }
    package func sounds(_ burst: ShellBurst) -> [SoundEvent] { [] }
    package var snap: (duration: Double, sparks: Int)? { nil }
}

/// One shell's burst as its stages see it: where and when, its stars, and how it makes more.
package struct ShellBurst {
    package let shell: FireworkShell
    /// The apex, pt, and the burst's time, s after the launch.
    package let centre: Point
    package let time: Double
    /// The viewport's height, pt: speeds are in viewport heights per second.
    package let height: Double
    /// The ring's tilt and turn, rad, drawn once per burst.
    package let tilt: Double
    package let turn: Double
    /// The shell's stars.
    package let stars: [Star]
    /// Where the burst is heard: x as a fraction of the width, its height above the bottom as
    /// a fraction of the viewport's, and the noise seed of its sounds.
    package let soundX: Double
    package let soundHeight: Double
    package let soundSeed: UInt32

    /// A star of the burst at `speed` viewport heights per second (its direction, speed share,
    /// lifetime share and seed drawn in that order).
    package func star(speed: Double, color: RGB, second: RGB, radius: Double, using rng: inout SeededGenerator) -> Star {
        let v = shell.direction(tilt: tilt, turn: turn, using: &rng) * speed * height * rng.uniform(shell.speedJitter, 1)
        return Star(position: centre, velocity: v, birth: time, lifetime: shell.lifetime * rng.uniform(shell.lifetimeJitter, 1),
                    radius: radius, color: color, secondColor: second, seed: UInt32(truncatingIfNeeded: rng.next()))
    }
}
