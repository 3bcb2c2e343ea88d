import Glibc

extension FireworkShell {
    /// Crackle: at its death each star bursts into `count` white-gold sparks that flicker hard
    /// and go out fast.
    public struct Crackle: Hashable, Sendable {
        /// Sparks per star (0: none).
        public var count: Int
        /// Their largest speed, in viewport heights per second (each spark gets 0.5 to 1 of it).
        public var speed: Double
        /// Seconds a spark lives, at most.
        public var lifetime: Double
        public var color: RGB

        public init(count: Int = 0, speed: Double = 0.08, lifetime: Double = 0.35, color: RGB = RGB(hex: 0xFFE2A0)) {
            self.count = count
            self.speed = speed
            self.lifetime = lifetime
            self.color = color
        }

        /// How its sparks move and shine.
        public static let physics = StarPhysics(gravity: 50, drag: 3, fade: 0.2, glow: .init(core: 0.6, whiteness: 1, light: 0.6),
                                                flicker: .init(amount: 0.9, rate: 40))
    }
}

extension FireworkShell.Crackle: ShellStage {
    package var trigger: FireworkShell.Trigger { .death }
    package var isOn: Bool { count > 0 }
    package func particles(in shell: FireworkShell) -> (perBurst: Double, perStar: Double) { (0, Double(count)) }
    package func seconds(in shell: FireworkShell) -> Double { shell.lifetime + lifetime }
    package func demand(in shell: FireworkShell, prefix: String) -> (factor: Demand.Factor, perStar: Bool) { (Demand.Factor("\(prefix).crackle", count), true) }

    /// Per star, per spark: its angle, speed share, lifetime share and seed.
    package func spawn(_ burst: ShellBurst, using rng: inout SeededGenerator) -> [any ParticleBatch] {
        let crackles = burst.stars.flatMap { parent -> [Star] in
            let at = burst.shell.physics.motion(parent, at: parent.lifetime)
            return (0..<count).map { _ in
                let a = rng.uniform(0, 2 * .pi)
                return Star(position: Point(at.p.x, at.p.y), velocity: at.v * 0.3 + SIMD2(cos(a), sin(a)) * speed * burst.height * rng.uniform(0.5, 1),
                            birth: parent.birth + parent.lifetime, lifetime: lifetime * rng.uniform(0.6, 1), radius: 1.8,
                            color: color, seed: UInt32(truncatingIfNeeded: rng.next()))
            }
        }
        return [Batch<StarKind>(crackles, Self.physics)]
    }

    /// Its sparks' clicks over their lifetime.
    package var snap: (duration: Double, sparks: Int)? { (lifetime, count) }

    /// None: it flashes.
    package func calmed(_ s: Double) -> Self { Self(count: 0, speed: speed, lifetime: lifetime, color: color) }
}
