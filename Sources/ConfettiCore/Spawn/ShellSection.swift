import FoundationEssentials
import Glibc

/// The shell section of an effect (`Effect.shell`), aerial shells: each rocket climbs on a trail
/// and bursts at its apex into a shell of stars, which may shed glitter, split, crackle, hold a
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

/// What a shell bursts into: its stars and everything they do, all decided at the burst.
public struct FireworkShell: Hashable, Sendable {
    /// How the stars leave the burst.
    public enum Pattern: String, CaseIterable, Hashable, Sendable {
        /// Directions uniform on a sphere, seen from the side: most stars fly across the screen,
        /// some towards or away from the viewer and so seem slower.
        case sphere
        /// A circle in 3D, tilted: an ellipse on the screen.
        case ring
    }

    public var pattern: Pattern
    /// Stars per shell.
    public var stars: Int
    /// The stars' burst speed, viewport heights per second, and the least share of it a star
    /// gets (speeds spread over share…1 of it).
    public var speed: Double
    public var speedJitter: Double
    /// Seconds a star burns, and the least share of it a star gets.
    public var lifetime: Double
    public var lifetimeJitter: Double
    /// Glow radius, pt.
    public var radius: Double
    /// Each shell takes one of these colours for its stars, and one of `changeColors` that its
    /// stars turn to at `physics.colorChange` (by default the same list).
    public var colors: [RGB]
    /// Pictures the shell's stars are drawn as instead of light, chosen by weight, facing the
    /// way they fly, each its own size (none: light). What they shed stays light.
    public var sprites: [Sprite] = []
    public var changeColors: [RGB]
    /// How the stars move and shine.
    public var physics: StarPhysics

    /// Glitter: every `glitterInterval` s of its life each star sheds a spark where it is, with
    /// The largest random speed a glitter spark adds, in viewport heights per second (not an
    /// effect file's field; reduced motion slows it with the rest).
    package var glitterJitter = 0.02
    /// `glitterInherit` of its velocity; 0: none.
    public var glitterInterval: Double
    public var glitterInherit: Double
    public var glitterRadius: Double
    public var glitterColor: RGB
    public var glitter: StarPhysics
    public var glitterLifetime: Double

    /// Crossette: each star splits into this many at its death (0: none), flying apart at
    /// `crossetteSpeed` viewport heights per second for `crossetteLifetime` s.
    public var crossette: Int
    public var crossetteSpeed: Double
    public var crossetteLifetime: Double

    /// Crackle: each star bursts at its death into this many gold sparks (0: none).
    public var crackle: Int
    public var crackleSpeed: Double
    public var crackleLifetime: Double
    public var crackleColor: RGB

    /// Pistil: an inner shell of this many stars of `pistilColor`, at `pistilSpeed` of the speed (0: none).
    public var pistil: Int
    public var pistilSpeed: Double
    public var pistilColor: RGB

    /// The burst flash: one large soft glow of this radius (pt) for `flashSeconds` (0: none).
    public var flashRadius: Double
    public var flashSeconds: Double

    /// Ring shells: the largest tilt of the ring out of the screen's plane, degrees.
    public var ringTilt: Double

    public init(pattern: Pattern = .sphere, stars: Int, speed: Double, speedJitter: Double = 0.75, lifetime: Double, lifetimeJitter: Double = 0.8,
                radius: Double, colors: [RGB], changeColors: [RGB] = [], physics: StarPhysics,
                glitterInterval: Double = 0, glitterInherit: Double = 0.2, glitterRadius: Double = 1.6, glitterColor: RGB = RGB(hex: 0xFFD27A),
                glitter: StarPhysics = FireworkShell.glitterPhysics, glitterLifetime: Double = 0.5,
                crossette: Int = 0, crossetteSpeed: Double = 0.12, crossetteLifetime: Double = 0.6,
                crackle: Int = 0, crackleSpeed: Double = 0.08, crackleLifetime: Double = 0.35, crackleColor: RGB = RGB(hex: 0xFFE2A0),
                pistil: Int = 0, pistilSpeed: Double = 0.45, pistilColor: RGB = RGB(hex: 0xFFFFFF),
                flashRadius: Double = 0, flashSeconds: Double = 0.1, ringTilt: Double = 70) {
        self.pattern = pattern
        self.stars = stars
        self.speed = speed
        self.speedJitter = speedJitter
        self.lifetime = lifetime
        self.lifetimeJitter = lifetimeJitter
        self.radius = radius
        self.colors = colors
        self.changeColors = changeColors.isEmpty ? colors : changeColors
        self.physics = physics
        self.glitterInterval = glitterInterval
        self.glitterInherit = glitterInherit
        self.glitterRadius = glitterRadius
        self.glitterColor = glitterColor
        self.glitter = glitter
        self.glitterLifetime = glitterLifetime
        self.crossette = crossette
        self.crossetteSpeed = crossetteSpeed
        self.crossetteLifetime = crossetteLifetime
        self.crackle = crackle
        self.crackleSpeed = crackleSpeed
        self.crackleLifetime = crackleLifetime
        self.crackleColor = crackleColor
        self.pistil = pistil
        self.pistilSpeed = pistilSpeed
        self.pistilColor = pistilColor
        self.flashRadius = flashRadius
        self.flashSeconds = flashSeconds
        self.ringTilt = ringTilt
    }

    /// Glitter: tiny, short-lived, heavily dragged gold sparks that flicker fast.
    public static let glitterPhysics = StarPhysics(gravity: 60, drag: 4, fade: 0.35, glow: .init(core: 0.5, whiteness: 1, light: 0.6),
                                                   temperature: .init(hot: 0.3, cool: 0.5, ember: RGB(hex: 0xA04010)), flicker: .init(amount: 0.8, rate: 30))

    /// Glitter sparks each star sheds: one per interval of its longest life. A Double, never
    /// converted: lifetime / glitterInterval is beyond any integer for a denormal interval, and
    /// the budget refuses such a shell before its glitter is spawned.
    package var glitterPerStar: Double { glitterInterval > 0 ? (lifetime / glitterInterval).rounded(.down) : 0 }

    /// Particles one shell spawns at most.
    package var particleCount: Double {
        (flashRadius > 0 ? 1 : 0) + Double(stars) * (1 + glitterPerStar + Double(crossette + crackle)) + Double(pistil)
    }

    /// Seconds from the burst until its last light has gone, at most.
    package var seconds: Double {
        let stars = lifetime + physics.trailDuration
        let glitter = glitterInterval > 0 ? lifetime + glitterLifetime + self.glitter.trailDuration : 0
        let children = lifetime + max(crossette > 0 ? crossetteLifetime + physics.trailDuration : 0, crackle > 0 ? crackleLifetime : 0)
        return max(stars, glitter, children, flashRadius > 0 ? flashSeconds : 0)
    }

    /// A unit direction seen from the side: uniform on the sphere, or on a tilted circle.
    func direction(tilt: Double, turn: Double, using rng: inout SeededGenerator) -> SIMD2<Double> {
        switch pattern {
        case .sphere:
            // z uniform in [−1, 1] and an azimuth: uniform on the sphere; the screen sees (x, y).
            let z = rng.uniform(-1, 1), azimuth = rng.uniform(0, 2 * .pi)
            let r = (1 - z * z).squareRoot()
            return SIMD2(r * cos(azimuth), r * sin(azimuth))
        case .ring:
            // A circle in the screen's plane tilted about x by `tilt` (y squashed by its cos),
            // then turned by `turn` in the screen's plane.
            let a = rng.uniform(0, 2 * .pi)
            let v = SIMD2(cos(a), sin(a) * cos(tilt))
            return SIMD2(v.x * cos(turn) - v.y * sin(turn), v.x * sin(turn) + v.y * cos(turn))
        }
    }

    /// How large the burst sounds: its stars' speed times the square root of how many there
    /// are, about 1 for the peony, 0.3 for the palm's few comets.
    package var soundSize: Double { speed * Double(stars + pistil).squareRoot() / 5 }

    /// The burst at `centre` (pt), `time` s after the launch, and the sounds it makes: the burst
    /// itself (louder and lower for a larger shell), glitter's fizz while its stars shed sparks,
    /// and a crackle where each star crackles or splits. Draws, in order: the colours, the
    /// ring's tilt and turn; per star its direction, speed, lifetime and seed; then the pistil's;
    /// then per star its glitter, crossette and crackle.
    package func burst(at centre: Point, time: Double, in viewport: Size, using rng: inout SeededGenerator) -> Launch {
        var sounds: [SoundEvent] = []
        let h = viewport.height
        let color = rng.element(of: colors)
        let second = rng.element(of: changeColors)
        let tilt = rng.uniform(0, ringTilt) * .pi / 180, turn = rng.uniform(0, 2 * .pi)
        func star(speed: Double, color: RGB, second: RGB, radius: Double) -> Star {
            let v = direction(tilt: tilt, turn: turn, using: &rng) * speed * h * rng.uniform(speedJitter, 1)
            return Star(position: centre, velocity: v, birth: time, lifetime: lifetime * rng.uniform(lifetimeJitter, 1),
                        radius: radius, color: color, secondColor: second, seed: UInt32(truncatingIfNeeded: rng.next()))
        }
        var main = (0..<stars).map { _ in star(speed: speed, color: color, second: second, radius: radius) }
        // A sprite per star, only when there are sprites: its radius half its size, its colour
        // the sprite's fill (a picture does not change colour as it burns).
        if !sprites.isEmpty {
            for i in main.indices {
                let (sprite, choice) = sprites.choose(using: &rng)
                main[i].sprite = choice
                main[i].radius = sprite.size / 2
                main[i].color = sprite.colour(drawn: main[i].color)
                main[i].secondColor = sprite.image.isMask ? sprite.colour(drawn: main[i].secondColor) : main[i].color
            }
        }
        let x = centre.x / viewport.width, height = 1 - centre.y / viewport.height
        let size = soundSize
        let seed = main.first?.seed ?? 1
        sounds.append(SoundEvent(.burst, time: time, duration: 0.6 + 1.2 * min(size, 2), loudness: 0.6 + 0.4 * min(size, 1.5) / 1.5,
                                 size: size, x: x, height: height, seed: seed ^ 0xB0B0))
        let longest = main.map(\.lifetime).max() ?? 0
        if glitterInterval > 0, longest > glitterInterval {
            sounds.append(SoundEvent(.fizz, time: time + glitterInterval, duration: longest - glitterInterval + glitterLifetime * 0.5,
                                     loudness: 0.08 * min(Double(stars).squareRoot() / 8, 1), x: x, height: height, seed: seed ^ 0xF122))
        }
        if crackle > 0 || crossette > 0 {
            // One crackle per star: its sparks (a crossette's split, one snap) where it dies.
            let each = 0.9 / Double(stars).squareRoot()
            for parent in main {
                sounds.append(SoundEvent(.crackle, time: parent.birth + parent.lifetime, duration: crackle > 0 ? crackleLifetime : 0.02,
                                         loudness: each, size: Double(max(crackle, 1)), x: x, height: height, seed: parent.seed))
            }
        }
        var batches: [any ParticleBatch] = []
        if flashRadius > 0 {
            let flash = Star(position: centre, velocity: .zero, birth: time, lifetime: flashSeconds, radius: flashRadius,
                             color: RGB(1, 0.97, 0.9), seed: UInt32(truncatingIfNeeded: rng.next()))
            batches.append(Batch<StarKind>([flash], StarPhysics(gravity: 0, drag: 1, fade: flashSeconds, glow: .init(core: 0.15, whiteness: 1, light: 0.7))))
        }
        batches.append(Batch<StarKind>(main, physics, sprites: sprites.images))
        if pistil > 0 {
            var inner = physics
            inner.trail = .none
            inner.colorChange = 1
            let stars = (0..<pistil).map { _ in star(speed: speed * pistilSpeed, color: pistilColor, second: pistilColor, radius: radius * 0.8) }
            batches.append(Batch<StarKind>(stars, inner))
        }
        if glitterInterval > 0 {
            let sparks = main.flatMap { parent -> [Star] in
                stride(from: glitterInterval, to: parent.lifetime, by: glitterInterval).map { t in
                    let at = physics.motion(parent, at: t)
                    let jitter = SIMD2(rng.uniform(-1, 1), rng.uniform(-1, 1)) * glitterJitter * h
                    return Star(position: Point(at.p.x, at.p.y), velocity: at.v * glitterInherit + jitter, birth: parent.birth + t,
                                lifetime: glitterLifetime * rng.uniform(0.6, 1), radius: glitterRadius, color: glitterColor,
                                seed: UInt32(truncatingIfNeeded: rng.next()))
                }
            }
            if !sparks.isEmpty { batches.append(Batch<StarKind>(sparks, glitter)) }
        }
        if crossette > 0 {
            var split = physics
            split.colorChange = 1
            let children = main.flatMap { parent -> [Star] in
                let at = physics.motion(parent, at: parent.lifetime)
                let turn = rng.uniform(0, 2 * .pi)
                return (0..<crossette).map { i in
                    let a = turn + 2 * .pi * Double(i) / Double(crossette)
                    return Star(position: Point(at.p.x, at.p.y), velocity: at.v + SIMD2(cos(a), sin(a)) * crossetteSpeed * h,
                                birth: parent.birth + parent.lifetime, lifetime: crossetteLifetime, radius: radius * 0.8,
                                color: parent.secondColor, seed: UInt32(truncatingIfNeeded: rng.next()))
                }
            }
            batches.append(Batch<StarKind>(children, split))
        }
        if crackle > 0 {
            let crackles = main.flatMap { parent -> [Star] in
                let at = physics.motion(parent, at: parent.lifetime)
                return (0..<crackle).map { _ in
                    let a = rng.uniform(0, 2 * .pi)
                    return Star(position: Point(at.p.x, at.p.y), velocity: at.v * 0.3 + SIMD2(cos(a), sin(a)) * crackleSpeed * h * rng.uniform(0.5, 1),
                                birth: parent.birth + parent.lifetime, lifetime: crackleLifetime * rng.uniform(0.6, 1), radius: 1.8,
                                color: crackleColor, seed: UInt32(truncatingIfNeeded: rng.next()))
                }
            }
            batches.append(Batch<StarKind>(crackles, FireworkShell.cracklePhysics))
        }
        return Launch(batches: batches, sounds: sounds)
    }

    /// Crackle: bright white-gold sparks that flicker hard and go out fast.
    public static let cracklePhysics = StarPhysics(gravity: 50, drag: 3, fade: 0.2, glow: .init(core: 0.6, whiteness: 1, light: 0.6),
                                                   flicker: .init(amount: 0.9, rate: 40))
}
