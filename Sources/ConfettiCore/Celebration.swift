/// A seeded show: `bursts` confetti bursts, `interval` seconds apart, from one seed.
///
/// What `confetti render` draws. Burst `k` takes stream `k` of the seed, so adding a burst
/// leaves the earlier ones unchanged.
public struct Celebration: Hashable, Sendable {
    public var confetti: ConfettiBurst
    public var bursts: Int
    public var interval: Double
    public var seed: UInt64

    public init(confetti: ConfettiBurst = .standard, bursts: Int = 3, interval: Double = 0.35, seed: UInt64 = 1) {
        self.confetti = confetti
        self.bursts = bursts
        self.interval = interval
        self.seed = seed
    }

    public struct Spawn: Sendable {
        public var time: Double
        public var particles: [ConfettiParticle]
    }

    public func spawns(in viewport: Size) -> [Spawn] {
        (0..<bursts).map { k in
            var rng = SeededGenerator(seed: seed, stream: UInt64(k))
            return Spawn(time: Double(k) * interval, particles: confetti.spawn(in: viewport, using: &rng))
        }
    }

    /// When the last piece has gone.
    public var duration: Double {
        Double(max(bursts - 1, 0)) * interval + confetti.physics.lifetime
    }
}
