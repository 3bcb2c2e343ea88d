/// Reduced motion (docs/effects.md, Reduced motion): the same effect slowed down in time by
/// `slowdown`, with half its pieces and no crackle, for people who ask the desktop for fewer
/// animations.
///
/// Slowing a closed form down exactly: x(s·t) is the same formula with every speed and
/// frequency (and drag, a rate) times s, every acceleration times s², and every duration and
/// delay divided by s. Which is which is the effect format's to say: every field of its tables
/// declares its unit (`FieldUnit`), and each is scaled by its unit's power of s, so a field
/// added to a table is slowed down with the rest. What is not a matter of units (fewer pieces,
/// nothing that flashes) is done here by name.
extension Effect {
    /// s: the factor time is slowed by.
    public static let reducedMotionSlowdown = 0.5

    public var reducedMotion: Effect {
        let s = Self.reducedMotionSlowdown
        var effect = self
        for section in EffectFormat.sections { section.slowDown(&effect, s) }
        effect.confetti = effect.confetti.fewerPieces
        effect.fountain.sparkCount = Self.half(fountain.sparkCount)
        effect.classic.firework.sparkCount = Self.half(classic.firework.sparkCount)
        effect.rocket = effect.rocket.calmed
        effect.shell = effect.shell.calmed(s)
        // A show's shells are presets, named: each is slowed down as it is launched.
        effect.show.slowdown = s
        return effect
    }

    /// Half as many, at least one.
    static func half(_ n: Int) -> Int { max(1, n / 2) }
}

extension ConfettiSection {
    /// Half the pieces: a burst's count, and a stream's rate (its duration already 1/s times as
    /// long, so it emits half its pieces). Depth is kept: a layer's factor scales space, not
    /// time, so it commutes with the slowdown (and the halved pieces still go round the layers
    /// in turn).
    var fewerPieces: ConfettiSection {
        var b = self
        b.count = Effect.half(count)
        b.emission.rate /= 2
        return b
    }
}

extension RocketSection {
    /// Half the sparks, and no flashing: the crackles go.
    var calmed: RocketSection {
        var r = self
        r.sparkCount = Effect.half(sparkCount)
        r.crackles = 0
        return r
    }
}

extension StarPhysics {
    /// Slowed by `s`, field by field as a shell's stars are (`EffectFormat.starPhysicsFields`),
    /// and steady: no flicker, no strobe. For the glitter's physics, which no field holds.
    func reducedMotion(_ s: Double) -> StarPhysics {
        EffectFormat.starPhysicsFields(\StarPhysics.self).slowedDown(self, by: s).steady
    }

    /// No flicker, no strobe.
    var steady: StarPhysics {
        var p = self
        p.flicker.amount = 0
        p.strobe.period = 0
        return p
    }
}

extension ShellSection {
    /// Slowed by `s`, half the stars, and nothing that flashes: no flash, flicker, strobe or crackle.
    package func reducedMotion(_ s: Double) -> ShellSection {
        EffectFormat.shell.slowedDown(self, by: s).calmed(s)
    }

    /// A shell slowed down field by field made calm: what no field holds (the rockets' drift,
    /// and what each stage holds, `ShellStage.calmed`) slowed by `s` too, half the stars, and
    /// nothing that flashes.
    func calmed(_ s: Double) -> ShellSection {
        var l = self
        l.drift = drift * s
        l.shell.physics = shell.physics.steady
        l.shell.stars = Effect.half(shell.stars)
        l.shell.stages = shell.stages.calmed(s)
        return l
    }
}
