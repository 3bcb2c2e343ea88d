import Glibc

extension FireworkShell {
    /// Crossette: at its death each star splits into `count` stars flying apart, evenly round a
    /// random turn, burning its second colour.
    public struct Crossette: Hashable, Sendable {
        /// Stars each star splits into (0: none).
        public var count: Int
        /// Their speed apart, in viewport heights per second.
        public var speed: Double
        /// Seconds they burn.
        public var lifetime: Double

        public init(count: Int = 0, speed: Double = 0.12, lifetime: Double = 0.6) {
            self.count = count
            self.speed = speed
            self.lifetime = lifetime
        }
    }
}

extension FireworkShell.Crossette: ShellStage {
    package var trigger: FireworkShell.Trigger { .death }
    package var isOn: Bool { count > 0 }
    package func particles(in shell: FireworkShell) -> (perBurst: Double, perStar: Double) { (0, Double(count)) }
    /// Its stars keep the shell's trail.
    package func seconds(in shell: FireworkShell) -> Double { shell.lifetime + (lifetime + shell.physics.trailDuration) }
    package func demand(in shell: FireworkShell, prefix: String) -> (factor: Demand.Factor, perStar: Bool) { (Demand.Factor("\(prefix).crossette", count), true) }

    /// Per star: the turn of its split.
    package func spawn(_ burst: ShellBurst, using rng: inout SeededGenerator) -> [any ParticleBatch] {
        let physics = burst.shell.physics
        var split = physics
        split.colorChange = 1
        let children = burst.stars.flatMap { parent -> [Star] in
            let at = physics.motion(parent, at: parent.lifetime)
            let turn = rng.uniform(0, 2 * .pi)
            return (0..<count).map { i in
                let a = turn + 2 * .pi * Double(i) / Double(count)
                return Star(position: Point(at.p.x, at.p.y), velocity: at.v + SIMD2(cos(a), sin(a)) * speed * burst.height,
                            birth: parent.birth + parent.lifetime, lifetime: lifetime, radius: burst.shell.radius * 0.8,
                            color: parent.secondColor, seed: UInt32(truncatingIfNeeded: rng.next()))
            }
        }
        return [Batch<StarKind>(children, split)]
    }

    /// A split is one snap.
    package var snap: (duration: Double, sparks: Int)? { (0.02, 1) }

    package func calmed(_ s: Double) -> Self { self }
}
