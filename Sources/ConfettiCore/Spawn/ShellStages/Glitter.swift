import FoundationEssentials

extension FireworkShell {
    /// Glitter: every `interval` s of its life each star sheds a spark where it then is, keeping
    /// `inherit` of its velocity: tiny, short-lived, heavily dragged sparks that flicker fast.
    public struct Glitter: Hashable, Sendable {
        /// Seconds between sparks (0: none).
        public var interval: Double
        /// The share of the star's velocity a spark keeps.
        public var inherit: Double
        /// A spark's glow radius, pt.
        public var radius: Double
        public var color: RGB
        /// Seconds a spark lives, at most.
        public var lifetime: Double
        /// How a spark moves and shines.
        public var physics: StarPhysics
        /// The largest random speed a spark adds, in viewport heights per second (not an
        /// effect file's field; reduced motion slows it with the rest).
        package var jitter = 0.02

        public init(interval: Double = 0, inherit: Double = 0.2, radius: Double = 1.6, color: RGB = RGB(hex: 0xFFD27A),
                    lifetime: Double = 0.5, physics: StarPhysics = Glitter.defaultPhysics) {
            self.interval = interval
            self.inherit = inherit
            self.radius = radius
            self.color = color
            self.lifetime = lifetime
            self.physics = physics
        }

        /// Gold sparks under heavy drag that cool fast and flicker.
        public static let defaultPhysics = StarPhysics(gravity: 60, drag: 4, fade: 0.35, glow: .init(core: 0.5, whiteness: 1, light: 0.6),
                                                       temperature: .init(hot: 0.3, cool: 0.5, ember: RGB(hex: 0xA04010)), flicker: .init(amount: 0.8, rate: 30))
    }
}

extension FireworkShell.Glitter: ShellStage {
    package var trigger: FireworkShell.Trigger { .every(interval) }
    package var isOn: Bool { interval > 0 }
    /// One spark per interval of a star's longest life.
    package func particles(in shell: FireworkShell) -> (perBurst: Double, perStar: Double) { (0, trigger.firings(over: shell.lifetime)) }
    package func seconds(in shell: FireworkShell) -> Double { shell.lifetime + lifetime + physics.trailDuration }
    package func demand(in shell: FireworkShell, prefix: String) -> (factor: Demand.Factor, perStar: Bool) {
        (Demand.Factor("\(prefix).lifetime / \(prefix).glitterInterval", trigger.firings(over: shell.lifetime)), true)
    }

    /// Per star, per interval of its life: the spark's jitter (x, y), lifetime share and seed.
    package func spawn(_ burst: ShellBurst, using rng: inout SeededGenerator) -> [any ParticleBatch] {
        let sparks = burst.stars.flatMap { parent -> [Star] in
            stride(from: interval, to: parent.lifetime, by: interval).map { t in
                let at = burst.shell.physics.motion(parent, at: t)
                let jitter = SIMD2(rng.uniform(-1, 1), rng.uniform(-1, 1)) * self.jitter * burst.height
                return Star(position: Point(at.p.x, at.p.y), velocity: at.v * inherit + jitter, birth: parent.birth + t,
                            lifetime: lifetime * rng.uniform(0.6, 1), radius: radius, color: color,
                            seed: UInt32(truncatingIfNeeded: rng.next()))
            }
        }
        return sparks.isEmpty ? [] : [Batch<StarKind>(sparks, physics)]
    }

    /// Its fizz, from the first spark while the longest-lived star sheds them.
    package func sounds(_ burst: ShellBurst) -> [SoundEvent] {
        let longest = burst.stars.map(\.lifetime).max() ?? 0
        guard longest > interval else { return [] }
        return [SoundEvent(.fizz, time: burst.time + interval, duration: longest - interval + lifetime * 0.5,
                           loudness: 0.08 * min(Double(burst.shell.stars).squareRoot() / 8, 1), x: burst.soundX, height: burst.soundHeight,
                           seed: burst.soundSeed ^ 0xF122)]
    }

    /// Its physics slowed as a shell's stars are, steady, and its jitter slowed.
    package func calmed(_ s: Double) -> Self {
        var calm = self
        calm.physics = physics.reducedMotion(s)
        calm.jitter = jitter * s
        return calm
    }
}
