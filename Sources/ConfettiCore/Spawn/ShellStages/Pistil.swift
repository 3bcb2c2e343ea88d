extension FireworkShell {
    /// The pistil: an inner shell of stars of one colour, slower than the shell's, without trails
    /// and never changing colour.
    public struct Pistil: Hashable, Sendable {
        /// Its stars (0: none).
        public var count: Int
        /// Their speed, as a share of the shell's.
        public var speed: Double
        public var color: RGB

        public init(count: Int = 0, speed: Double = 0.45, color: RGB = RGB(hex: 0xFFFFFF)) {
            self.count = count
            self.speed = speed
            self.color = color
        }
    }
}

extension FireworkShell.Pistil: ShellStage {
    package var trigger: FireworkShell.Trigger { .birth }
    package var isOn: Bool { count > 0 }
    package func particles(in shell: FireworkShell) -> (perBurst: Double, perStar: Double) { (Double(count), 0) }
    /// Its stars live the shell's lifetime at most, without a trail.
    package func seconds(in shell: FireworkShell) -> Double { shell.lifetime }
    package func demand(in shell: FireworkShell, prefix: String) -> (factor: Demand.Factor, perStar: Bool) { (Demand.Factor("\(prefix).pistil", count), false) }

    /// Its stars, drawn as the shell's are, 0.8 of their radius.
    package func spawn(_ burst: ShellBurst, using rng: inout SeededGenerator) -> [any ParticleBatch] {
        var inner = burst.shell.physics
        inner.trail = .none
        inner.colorChange = 1
        let stars = (0..<count).map { _ in
            burst.star(speed: burst.shell.speed * speed, color: color, second: color, radius: burst.shell.radius * 0.8, using: &rng)
        }
        return [Batch<StarKind>(stars, inner)]
    }

    /// Half the stars.
    package func calmed(_ s: Double) -> Self { Self(count: count / 2, speed: speed, color: color) }
}
