extension FireworkShell {
    /// The burst's flash: one large soft glow at the apex, beneath the stars.
    public struct Flash: Hashable, Sendable {
        /// Its radius, pt (0: none).
        public var radius: Double
        /// Seconds it lasts, all of it a fade.
        public var seconds: Double

        public init(radius: Double = 0, seconds: Double = 0.1) {
            self.radius = radius
            self.seconds = seconds
        }
    }
}

extension FireworkShell.Flash: ShellStage {
    package var trigger: FireworkShell.Trigger { .birth }
    package var isOn: Bool { radius > 0 }
    package var beneathStars: Bool { true }
    package func particles(in shell: FireworkShell) -> (perBurst: Double, perStar: Double) { (1, 0) }
    package func seconds(in shell: FireworkShell) -> Double { seconds }
    package func demand(in shell: FireworkShell, prefix: String) -> (factor: Demand.Factor, perStar: Bool) { (Demand.Factor("1 flash", 1), false) }

    /// One star that stays where the shell bursts. Draws its seed.
    package func spawn(_ burst: ShellBurst, using rng: inout SeededGenerator) -> [any ParticleBatch] {
        let flash = Star(position: burst.centre, velocity: .zero, birth: burst.time, lifetime: seconds, radius: radius,
                         color: RGB(1, 0.97, 0.9), seed: UInt32(truncatingIfNeeded: rng.next()))
        return [Batch<StarKind>([flash], StarPhysics(gravity: 0, drag: 1, fade: seconds, glow: .init(core: 0.15, whiteness: 1, light: 0.7)))]
    }

    /// None: it flashes.
    package func calmed(_ s: Double) -> Self { Self(radius: 0, seconds: seconds) }
}
