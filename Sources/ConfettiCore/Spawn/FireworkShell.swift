import FoundationEssentials
import Glibc

/// What a shell bursts into: its stars, and its stages (what the stars do besides burning), all
/// decided at the burst.
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
    /// What the stars do besides burning: flash, pistil, glitter, crossette, crackle.
    public var stages: Stages
    /// Ring shells: the largest tilt of the ring out of the screen's plane, degrees.
    public var ringTilt: Double

    public init(pattern: Pattern = .sphere, stars: Int, speed: Double, speedJitter: Double = 0.75, lifetime: Double, lifetimeJitter: Double = 0.8,
                radius: Double, colors: [RGB], changeColors: [RGB] = [], physics: StarPhysics, stages: Stages = Stages(), ringTilt: Double = 70) {
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
        self.stages = stages
        self.ringTilt = ringTilt
    }

    /// Particles one shell spawns at most.
    package var particleCount: Double {
        let counts = stages.on.map { $0.particles(in: self) }
        let perStar = counts.reduce(0) { $0 + $1.perStar }, perBurst = counts.reduce(0) { $0 + $1.perBurst }
        return Double(stars) * (1 + perStar) + perBurst
    }

    /// Seconds from the burst until its last light has gone, at most.
    package var seconds: Double {
        stages.on.reduce(lifetime + physics.trailDuration) { max($0, $1.seconds(in: self)) }
    }

    /// Whether its stars do anything at their death (each such star is a birth and a crackle).
    package var starsDie: Bool { stages.on.contains { $0.trigger == .death } }

    /// Births per burst, each a moment something is born: the burst, each firing of a stage
    /// that fires every interval, and each star's death when a stage fires then.
    package var births: Double {
        1 + stages.on.reduce(0) { $0 + ($1.trigger == .death ? 0 : $1.trigger.firings(over: lifetime)) } + (starsDie ? Double(stars) : 0)
    }

    /// The particles of `rockets` rockets' shells as fields that multiply up, named under `prefix`.
    package func demand(rockets: Demand.Factor, prefix: String) -> [[Demand.Factor]] {
        let stars = Demand.Factor("\(prefix).stars", self.stars)
        return [[rockets], [rockets, stars]] + stages.on.compactMap { stage in
            let (factor, perStar) = stage.demand(in: self, prefix: prefix)
            return factor.value > 0 ? (perStar ? [rockets, stars, factor] : [rockets, factor]) : nil
        }
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
    /// are, the pistil's too, about 1 for the peony, 0.3 for the palm's few comets.
    package var soundSize: Double { speed * Double(stars + stages.pistil.count).squareRoot() / 5 }

    /// The burst at `centre` (pt), `time` s after the launch, and the sounds it makes: the burst
    /// itself (louder and lower for a larger shell), its stages' (glitter's fizz), and a crackle
    /// where each star dies into a stage. Draws, in order: the colours, the ring's tilt and
    /// turn; per star its direction, speed, lifetime and seed; the stars' sprites; then each
    /// stage's, in the order of `Stages.all`. A flash is drawn beneath the stars, every other
    /// stage over them.
    package func burst(at centre: Point, time: Double, in viewport: Size, using rng: inout SeededGenerator) -> Launch {
        let h = viewport.height
        let color = rng.element(of: colors)
        let second = rng.element(of: changeColors)
        let tilt = rng.uniform(0, ringTilt) * .pi / 180, turn = rng.uniform(0, 2 * .pi)
        var burst = ShellBurst(shell: self, centre: centre, time: time, height: h, tilt: tilt, turn: turn, stars: [],
                               soundX: centre.x / viewport.width, soundHeight: 1 - centre.y / viewport.height, soundSeed: 1)
        var main = (0..<stars).map { _ in burst.star(speed: speed, color: color, second: second, radius: radius, using: &rng) }
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
        burst = ShellBurst(shell: self, centre: centre, time: time, height: h, tilt: tilt, turn: turn, stars: main,
                           soundX: burst.soundX, soundHeight: burst.soundHeight, soundSeed: main.first?.seed ?? 1)
        let size = soundSize
        var sounds = [SoundEvent(.burst, time: time, duration: 0.6 + 1.2 * min(size, 2), loudness: 0.6 + 0.4 * min(size, 1.5) / 1.5,
                                 size: size, x: burst.soundX, height: burst.soundHeight, seed: burst.soundSeed ^ 0xB0B0)]
        let on = stages.on
        sounds += on.flatMap { $0.sounds(burst) }
        // One crackle per star that dies into a stage, as the last such stage sounds.
        if let snap = on.compactMap(\.snap).last {
            let each = 0.9 / Double(stars).squareRoot()
            for parent in main {
                sounds.append(SoundEvent(.crackle, time: parent.birth + parent.lifetime, duration: snap.duration,
                                         loudness: each, size: Double(snap.sparks), x: burst.soundX, height: burst.soundHeight, seed: parent.seed))
            }
        }
        var beneath: [any ParticleBatch] = [], over: [any ParticleBatch] = []
        for stage in on {
            let batches = stage.spawn(burst, using: &rng)
            if stage.beneathStars { beneath += batches } else { over += batches }
        }
        return Launch(batches: beneath + [Batch<StarKind>(main, physics, sprites: sprites.images)] + over, sounds: sounds)
    }
}
