import FoundationEssentials
import Glibc

/// The rocket section of an effect (`Effect.rocket`): rockets that rise from the bottom edge and
/// burst at their apex into a shell of sparks, which may crackle into small secondary bursts:
/// all stars of light (docs/effects.md, Rockets).
///
/// Everything is scheduled at spawn. A rocket's apex time and place follow in closed form from
/// the linear-drag solution, its piece's lifetime ends there, and its sparks are born there
/// and then; a crackle is born where the CPU evaluator puts its parent spark at that moment.
/// Nothing happens on the CPU when a rocket bursts.
public struct RocketSection: Hashable, Sendable {
    /// Rockets per launch.
    public var rockets: Int
    /// Seconds between one rocket's launch and the next.
    public var stagger: Double
    /// Launch x, as a fraction of the viewport width (each rocket draws its own).
    public var launchX: ClosedRange<Double>
    /// Launch y, in pt below the bottom edge.
    public var launchBelowBottom: Double
    /// How far each rocket climbs before it bursts, as a fraction of the viewport height.
    public var apexHeight: ClosedRange<Double>
    /// Seconds from a rocket's launch to its apex.
    public var riseTime: ClosedRange<Double>
    /// The rocket's air drag, 1/s (its gravity follows from the apex height and rise time).
    public var drag: Double
    /// Horizontal speed of the rocket, in viewport widths per second.
    public var drift: ClosedRange<Double>
    /// Diameter of the rocket, pt (whole).
    public var rocketSize: Double
    /// Each rocket takes one of these colours.
    public var rocketColors: [RGB]

    /// Sparks each rocket bursts into.
    public var sparkCount: Int
    /// Spark speed at the burst, in viewport heights per second.
    public var sparkSpeed: ClosedRange<Double>
    /// pt/s², downwards.
    public var sparkGravity: Double
    /// 1/s.
    public var sparkDrag: Double
    /// Seconds a spark lives.
    public var sparkLifetime: Double
    /// Seconds of linear fade before a spark dies.
    public var sparkFade: Double
    /// Diameter of a spark, pt (whole).
    public var sparkSize: Double
    /// Each rocket's sparks take one of these colours.
    public var colors: [RGB]

    /// Sparks per rocket that crackle into a secondary burst (spread evenly round the ring).
    public var crackles: Int
    /// Sparks in each secondary burst.
    public var crackleSparks: Int
    /// Seconds after its parent spark's birth when a crackle bursts (less than sparkLifetime).
    public var crackleDelay: ClosedRange<Double>
    /// Crackle spark speed, in viewport heights per second.
    public var crackleSpeed: ClosedRange<Double>
    /// Seconds a crackle spark lives (all of it a fade).
    public var crackleLifetime: Double

    /// The rocket's trail as it climbs: ghosts of its closed form a few hundredths of a second
    /// behind it, so the climb leaves a fading streak with no per-frame work.
    public var rocketTrail = Trail(ghosts: 8, spacing: 0.02, taper: 0.7)
    /// The sparks' trails (and the crackles'): short streaks behind each.
    public var sparkTrail = Trail(ghosts: 3, spacing: 0.03, taper: 0.5)
    /// The sparks' colour over life, multiplying each spark's colour: they burn in their colour,
    /// then cool to a dim ember before they go (the crackles too).
    public var sparkColorRamp = ColorRamp(stops: [
        ColorRamp.Stop(RGB(hex: 0xFFFFFF), at: 0),
        ColorRamp.Stop(RGB(hex: 0xFFFFFF), at: 0.45),
        ColorRamp.Stop(RGB(hex: 0xFF9A5C), at: 1),
    ], mode: .multiply)

    /// One rocket bursting into 80 sparks, no crackle.
    public static let standard = RocketSection(
        rockets: 1, stagger: 0.45, launchX: 0.3...0.7, launchBelowBottom: 10,
        apexHeight: 0.55...0.75, riseTime: 1.0...1.3, drag: 0.8, drift: -0.04...0.04,
        rocketSize: 5, rocketColors: [RGB(hex: 0xFFE8B0)],
        sparkCount: 80, sparkSpeed: 0.35...0.5, sparkGravity: 90, sparkDrag: 1.4,
        sparkLifetime: 1.6, sparkFade: 0.8, sparkSize: 4,
        colors: [RGB(hex: 0xFF3B30), RGB(hex: 0xFFCC00), RGB(hex: 0x34C759), RGB(hex: 0x5AC8FA), RGB(hex: 0xAF52DE), RGB(hex: 0xFF9500)],
        crackles: 0, crackleSparks: 6, crackleDelay: 0.6...1.0, crackleSpeed: 0.05...0.1, crackleLifetime: 0.35
    )

    /// A rocket's climb: the speed and gravity that bring it `height` pt up in `time` s under
    /// `drag`, and its apex. With k = drag, vₜ = g/k and upward speed u, the vertical speed
    /// relaxes as v(t) = −vₜ + (u + vₜ)e^(−kt) (up positive), so it vanishes at
    /// t_apex = ln(1 + k·u/g) / k, and the climb is u/k − g·t_apex/k. Given the time and the
    /// height, g = height·k² / (e^(kT) − 1 − kT) and u = (g/k)(e^(kT) − 1).
    package struct Climb: Hashable, Sendable {
        /// pt/s, upwards.
        package var speed: Double
        /// pt/s², downwards.
        package var gravity: Double
        /// Seconds from launch to the apex, from the forward formula ln(1 + k·u/g)/k.
        package var apexTime: Double
    }

    package static func climb(height: Double, time: Double, drag k: Double) -> Climb {
        let kt = k * time
        // e^x − 1 − x without cancellation for small x: its Taylor series.
        let bend = abs(kt) < 0.1
            ? kt * kt * (1.0 / 2 + kt * (1.0 / 6 + kt * (1.0 / 24 + kt * (1.0 / 120 + kt / 720))))
            : expm1(kt) - kt
        let gravity = height * k * k / bend
        let speed = gravity / k * expm1(kt)
        return Climb(speed: speed, gravity: gravity, apexTime: log1p(k * speed / gravity) / k)
    }

    /// The physics every spark of a batch shares: a star of light with the sparks' trail (as
    /// dots) and their colour ramp over life.
    package var sparkPhysics: StarPhysics {
        StarPhysics(gravity: sparkGravity, drag: sparkDrag, fade: sparkFade, glow: .init(core: 0.4, whiteness: 0.8, light: 0.5),
                    trail: sparkTrail, colorRamp: sparkColorRamp)
    }

    /// The crackles' physics: the sparks', fading over their whole life.
    package var cracklePhysics: StarPhysics {
        var physics = sparkPhysics
        physics.fade = crackleLifetime
        return physics
    }

    /// A rocket's own physics: its climb's gravity, fading over the last tenth of its climb,
    /// its trail a ribbon behind it.
    package func rocketPhysics(_ climb: Climb) -> StarPhysics {
        StarPhysics(gravity: climb.gravity, drag: drag, fade: 0.1 * climb.apexTime, glow: .init(core: 0.45, whiteness: 0.9, light: 0.5),
                    trail: rocketTrail, ribbon: true)
    }

    /// Particles one launch spawns.
    package var particleCount: Int { rockets * (1 + sparkCount + crackles * crackleSparks) }

    /// Seconds from a launch until its last particle has gone, at most.
    package var seconds: Double {
        Double(rockets - 1) * stagger + riseTime.upperBound
            + max(rocketTrail.duration, max(sparkLifetime, crackles > 0 ? crackleDelay.upperBound + crackleLifetime : 0) + sparkTrail.duration)
    }

    /// One launch: per rocket, the rocket, its sparks and (if any) its crackles, three batches
    /// of stars with their own physics, and the sounds they make from the same draws: each
    /// rocket's lift, its burst at the apex, and a crackle where each crackle bursts. Draws per
    /// rocket, in order: x₀, apex height, rise time, drift, spark colour, rocket colour; per spark
    /// its direction on the sphere (z, azimuth) and speed; per crackle its delay, then per
    /// crackle spark its angle and speed.
    package func launch(in viewport: Size, using rng: inout SeededGenerator) -> Launch {
        SpawnPasses.record("rocket")
        var sounds: [SoundEvent] = []
        let w = viewport.width, h = viewport.height
        let batches = (0..<rockets).flatMap { r -> [any ParticleBatch] in
            let birth = Double(r) * stagger
            let x0 = w * rng.uniform(launchX)
            let climb = Self.climb(height: h * rng.uniform(apexHeight), time: rng.uniform(riseTime), drag: drag)
            let vx = w * rng.uniform(drift)
            let color = rng.element(of: colors)
            let rocketColor = rocketColors.count == 1 ? rocketColors[0] : rng.element(of: rocketColors)
            let rocket = Star(position: Point(x0, h + launchBelowBottom), velocity: SIMD2(vx, -climb.speed), birth: birth,
                              lifetime: climb.apexTime, radius: rocketSize / 2, color: rocketColor, seed: UInt32(r))
            let physics = rocketPhysics(climb)
            let apex = physics.motion(rocket, at: climb.apexTime).p
            let burstTime = birth + climb.apexTime

            // A shell, not a flat ring: directions uniform on the sphere, seen from the side.
            let sparks = (0..<sparkCount).map { j -> Star in
                let z = rng.uniform(-1, 1), azimuth = rng.uniform(0, 2 * .pi)
                let across = (1 - z * z).squareRoot()
                let speed = h * rng.uniform(sparkSpeed)
                return Star(position: Point(apex.x, apex.y), velocity: SIMD2(cos(azimuth), sin(azimuth)) * across * speed, birth: burstTime,
                            lifetime: sparkLifetime, radius: sparkSize, color: color, seed: UInt32(truncatingIfNeeded: r * sparkCount + j))
            }
            var rocketBatches: [any ParticleBatch] = [Batch<StarKind>([rocket], physics), Batch<StarKind>(sparks, sparkPhysics)]
            let seed = UInt32(truncatingIfNeeded: (r + 1) &* 0x9E37_79B9)
            let size = (sparkSpeed.lowerBound + sparkSpeed.upperBound) / 2 * Double(sparkCount).squareRoot() / 5
            sounds.append(SoundEvent(.lift, time: birth, duration: climb.apexTime, loudness: 0.2, x: x0 / w, seed: seed))
            sounds.append(SoundEvent(.burst, time: burstTime, duration: 0.6 + 1.2 * min(size, 2), loudness: 0.6 + 0.4 * min(size, 1.5) / 1.5,
                                     size: size, x: apex.x / w, height: 1 - apex.y / h, seed: seed ^ 0xB0B0))
            guard crackles > 0 else { return rocketBatches }
            let crackleSize = max(1, (sparkSize / 2).rounded())
            let pieces = (0..<crackles).flatMap { c -> [Star] in
                let parent = sparks[c * sparkCount / crackles]
                let delay = rng.uniform(crackleDelay)
                let at = sparkPhysics.motion(parent, at: delay).p
                sounds.append(SoundEvent(.crackle, time: parent.birth + delay, duration: crackleLifetime, loudness: 0.9 / Double(crackles).squareRoot(),
                                         size: Double(crackleSparks), x: at.x / w, height: 1 - at.y / h, seed: seed &+ UInt32(truncatingIfNeeded: c + 1) &* 0x85EB_CA6B))
                return (0..<crackleSparks).map { k in
                    let angle = rng.uniform(0, 2 * .pi)
                    let speed = h * rng.uniform(crackleSpeed)
                    return Star(position: Point(at.x, at.y), velocity: SIMD2(speed * cos(angle), speed * sin(angle)), birth: parent.birth + delay,
                                lifetime: crackleLifetime, radius: crackleSize, color: RGB(1, 0.97, 0.85), seed: UInt32(truncatingIfNeeded: c * crackleSparks + k))
                }
            }
            rocketBatches.append(Batch<StarKind>(pieces, cracklePhysics))
            return rocketBatches
        }
        return Launch(batches: batches, sounds: sounds)
    }
}
