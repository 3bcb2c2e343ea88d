import FoundationEssentials
import Glibc

/// The shell section of an effect (`Effect.shell`), aerial shells: each rocket climbs on a trail
/// and bursts at its apex into a shell of stars, whose stages may shed glitter, split, crackle, hold a
/// pistil of another colour and open with a flash. Everything is scheduled at spawn: the apex
/// follows in closed form from the climb, and every later birth (a star's glitter, a
/// crossette's children, a crackle) is placed where the closed form puts its parent at that
/// moment. Nothing happens on the CPU when a shell bursts (docs/effects.md, Shells).
public struct ShellSection: Hashable, Sendable {
    /// Rockets per launch, `stagger` seconds apart.
    public var rockets: Int
    public var stagger: Double
    /// Launch x, as a fraction of the viewport width.
    public var launchX: ClosedRange<Double>
    /// Burst height above the bottom edge, in viewport heights.
    public var apexHeight: ClosedRange<Double>
    /// Seconds from launch to the burst.
    public var riseTime: ClosedRange<Double>
    /// The rocket's drag, 1/s (its gravity follows from the height and the time).
    public var drag: Double
    /// The rocket's glow radius, pt, and colour.
    public var rocketRadius: Double
    public var rocketColor: RGB
    /// The trunk it leaves as it climbs: a ribbon of `ghosts` segments `spacing` s apart.
    public var trunk: Trail
    /// What it bursts into.
    public var shell: FireworkShell
    /// The largest sideways speed a rocket is given, in viewport widths per second (not an
    /// effect file's field; reduced motion slows it with the rest).
    package var drift = 0.03

    public init(rockets: Int = 1, stagger: Double = 0.5, launchX: ClosedRange<Double> = 0.3...0.7, apexHeight: ClosedRange<Double> = 0.55...0.75,
                riseTime: ClosedRange<Double> = 1.0...1.3, drag: Double = 0.8, rocketRadius: Double = 4, rocketColor: RGB = RGB(hex: 0xFFD9A0),
                trunk: Trail = Trail(ghosts: 10, spacing: 0.03, taper: 0.9), shell: FireworkShell) {
        self.rockets = rockets
        self.stagger = stagger
        self.launchX = launchX
        self.apexHeight = apexHeight
        self.riseTime = riseTime
        self.drag = drag
        self.rocketRadius = rocketRadius
        self.rocketColor = rocketColor
        self.trunk = trunk
        self.shell = shell
    }

    /// Particles one launch spawns at most, in floating point: the budget compares it with its
    /// limit before anything is counted in integers (a tiny glitterInterval gives 10³⁰⁰).
    package var particleCount: Double { Double(rockets) * (1 + shell.particleCount) }

    /// Seconds from a launch until its last light has gone, at most.
    package var seconds: Double {
        Double(rockets - 1) * stagger + riseTime.upperBound + max(trunk.duration, shell.seconds)
    }

    /// The rocket's physics: its climb's gravity, its drag, a fade over the last tenth, the trunk.
    package func rocketPhysics(_ climb: RocketSection.Climb) -> StarPhysics {
        StarPhysics(gravity: climb.gravity, drag: drag, fade: 0.1 * climb.apexTime, glow: .init(core: 0.45, whiteness: 0.9, light: 0.5),
                    temperature: .none, trail: trunk, ribbon: true)
    }

    /// One launch, and the sounds it makes from the same draws: each rocket's lift for its
    /// climb, its shell's burst at the apex, and what the shell's stars do. Draws per rocket, in
    /// order: its x, apex height, rise time, drift; then its shell's.
    package func launch(in viewport: Size, at start: Double = 0, using rng: inout SeededGenerator) -> Launch {
        SpawnPasses.record("shell")
        return (0..<rockets).reduce(Launch()) { launch, r in
            let birth = start + Double(r) * stagger
            let x0 = viewport.width * rng.uniform(launchX)
            let climb = RocketSection.climb(height: viewport.height * rng.uniform(apexHeight), time: rng.uniform(riseTime), drag: drag)
            let drift = viewport.width * rng.uniform(-self.drift, self.drift)
            let rocket = Star(position: Point(x0, viewport.height + 10), velocity: SIMD2(drift, -climb.speed), birth: birth,
                              lifetime: climb.apexTime, radius: rocketRadius, color: rocketColor, seed: UInt32(truncatingIfNeeded: rng.next()))
            let physics = rocketPhysics(climb)
            let apex = physics.motion(rocket, at: climb.apexTime).p
            let lift = SoundEvent(.lift, time: birth, duration: climb.apexTime, loudness: 0.2, x: x0 / viewport.width, seed: rocket.seed)
            return launch + Launch(batches: [Batch<StarKind>([rocket], physics)], sounds: [lift])
                + shell.burst(at: Point(apex.x, apex.y), time: birth + climb.apexTime, in: viewport, using: &rng)
        }
    }
}
