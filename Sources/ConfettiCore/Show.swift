/// The effects a show, `render` or `trace` can name.
public enum EffectName: String, CaseIterable, Sendable {
    case confetti, classic, fountain, celebration

    /// Fireworks burst around the Celebrate button, so it is drawn for them.
    public var hasButton: Bool { self != .confetti }
}

/// One burst to upload: confetti pieces or firework sparks.
public enum Spawn: Sendable {
    case confetti([ConfettiParticle], ConfettiPhysics)
    case sparks([Spark], SparkTiming)

    /// Seconds after its launch when the last of it has gone.
    public var duration: Double {
        switch self {
        case .confetti(_, let physics): physics.lifetime
        case .sparks(let sparks, let timing): (sparks.map(\.delay).max() ?? 0) + timing.duration
        }
    }
}

public struct ScheduledSpawn: Sendable {
    public var time: Double
    public var spawn: Spawn
}

/// A seeded show: `launches` launches of one effect, `interval` seconds apart.
///
/// What `confetti render` draws. Launch k takes stream k of the seed, so adding a launch
/// leaves the earlier ones unchanged.
public struct Show: Sendable {
    public var effect: EffectName
    public var seed: UInt64
    public var launches: Int
    public var interval: Double
    public var confetti = ConfettiBurst.standard
    public var fireworks = FireworkLaunch.standard
    public var fountain = FountainFirework.standard

    public init(effect: EffectName, seed: UInt64 = 1, launches: Int? = nil, interval: Double? = nil) {
        self.effect = effect
        self.seed = seed
        // Confetti alone is three bursts; the others are one launch each by default.
        self.launches = launches ?? (effect == .confetti ? 3 : 1)
        self.interval = interval ?? 0.35
    }

    public func button(in viewport: Size) -> CelebrateButton? {
        effect.hasButton ? .centred(in: viewport) : nil
    }

    public func schedule(in viewport: Size) -> [ScheduledSpawn] {
        let button = CelebrateButton.centred(in: viewport)
        return (0..<launches).flatMap { k -> [ScheduledSpawn] in
            var rng = SeededGenerator(seed: seed, stream: UInt64(k))
            let time = Double(k) * interval
            return spawns(of: effect, around: button, in: viewport, using: &rng).map { ScheduledSpawn(time: time, spawn: $0) }
        }
    }

    /// One launch of `effect`. `.celebration` is what a click on the button fires: two classic
    /// fireworks around its corners and a burst of confetti.
    public func spawns(of effect: EffectName, around button: CelebrateButton, in viewport: Size, using rng: inout SeededGenerator) -> [Spawn] {
        switch effect {
        case .confetti:
            return [.confetti(confetti.spawn(in: viewport, using: &rng), confetti.physics)]
        case .classic:
            return fireworks.fireworks(around: button.frame, using: &rng).map { .sparks($0, fireworks.firework.timing) }
        case .fountain:
            return [.sparks(fountain.sparks(above: button.frame, using: &rng), fountain.timing)]
        case .celebration:
            return spawns(of: .classic, around: button, in: viewport, using: &rng)
                + spawns(of: .confetti, around: button, in: viewport, using: &rng)
        }
    }

    /// Seconds until the last particle of the last launch has gone.
    public func duration(in viewport: Size) -> Double {
        Self.duration(of: schedule(in: viewport))
    }

    /// The same, for a schedule already spawned.
    public static func duration(of schedule: [ScheduledSpawn]) -> Double {
        schedule.map { $0.time + $0.spawn.duration }.max() ?? 0
    }
}
