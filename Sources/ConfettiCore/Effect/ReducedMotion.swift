/// Reduced motion (docs/effects.md, Reduced motion): the same effect slowed down in time by
/// `slowdown`, with half its pieces and no crackle, for people who ask the desktop for fewer
/// animations.
///
/// Slowing a closed form down exactly: x(s·t) is the same formula with every speed and
/// frequency (and drag, a rate) times s, every acceleration times s², and every duration and
/// delay divided by s.
extension Effect {
    /// s: the factor time is slowed by.
    public static let reducedMotionSlowdown = 0.5

    public var reducedMotion: Effect {
        let s = Self.reducedMotionSlowdown
        var effect = self
        effect.confetti = confetti.reducedMotion(s)
        effect.fireworks.firework.timing = fireworks.firework.timing.reducedMotion(s)
        effect.fountain.timing = fountain.timing.reducedMotion(s)
        effect.fountain.delayStep = fountain.delayStep / s
        effect.fountain.sparkCount = Self.half(fountain.sparkCount)
        effect.fireworks.firework.sparkCount = Self.half(fireworks.firework.sparkCount)
        effect.rocket = rocket.reducedMotion(s)
        effect.shell = shell.reducedMotion(s)
        effect.show.slowdown = s
        effect.show.seconds = show.seconds / s
        return effect
    }

    /// Half as many, at least one.
    static func half(_ n: Int) -> Int { max(1, n / 2) }
}

extension ConfettiPhysics {
    func reducedMotion(_ s: Double) -> ConfettiPhysics {
        var p = self
        p.gravity *= s * s
        p.drag *= s
        p.lifetime /= s
        p.fadeOutDuration /= s
        return p
    }
}

extension ConfettiBurst {
    func reducedMotion(_ s: Double) -> ConfettiBurst {
        func scaled(_ r: ClosedRange<Double>, _ f: Double) -> ClosedRange<Double> { (r.lowerBound * f)...(r.upperBound * f) }
        var b = self
        b.physics = physics.reducedMotion(s)
        b.count = Effect.half(count)
        b.emission.rate *= s / 2
        b.emission.duration /= s
        b.horizontalSpeed = scaled(horizontalSpeed, s)
        b.upwardSpeed *= s
        b.rotationSpeed = scaled(rotationSpeed, s)
        b.flutterFrequency = scaled(flutterFrequency, s)
        b.flipFrequency = scaled(flipFrequency, s)
        b.spreadStrength = scaled(spreadStrength, s * s)
        // Depth is kept: a layer's factor scales space, not time, so it commutes with the
        // slowdown (and the halved pieces still go round the layers in turn).
        return b
    }
}

extension SparkTiming {
    func reducedMotion(_ s: Double) -> SparkTiming {
        var t = self
        t.duration /= s
        return t
    }
}

extension RocketLaunch {
    func reducedMotion(_ s: Double) -> RocketLaunch {
        func scaled(_ r: ClosedRange<Double>, _ f: Double) -> ClosedRange<Double> { (r.lowerBound * f)...(r.upperBound * f) }
        var r = self
        r.stagger /= s
        r.riseTime = scaled(riseTime, 1 / s)
        r.drag *= s
        r.drift = scaled(drift, s)
        r.sparkCount = Effect.half(sparkCount)
        r.sparkSpeed = scaled(sparkSpeed, s)
        r.sparkGravity *= s * s
        r.sparkDrag *= s
        r.sparkLifetime /= s
        r.sparkFade /= s
        // No flashing: the crackles go.
        r.crackles = 0
        return r
    }
}

extension StarPhysics {
    /// Slowed by `s`, and steady: no flicker, no strobe.
    func reducedMotion(_ s: Double) -> StarPhysics {
        var p = self
        p.gravity *= s * s
        p.drag *= s
        p.fade /= s
        p.streak /= s
        p.trail.spacing /= s
        p.flicker.amount = 0
        p.strobe.period = 0
        return p
    }
}

extension ShellLaunch {
    /// Slowed by `s`, half the stars, and nothing that flashes: no flash, flicker, strobe or crackle.
    package func reducedMotion(_ s: Double) -> ShellLaunch {
        func scaled(_ r: ClosedRange<Double>, _ f: Double) -> ClosedRange<Double> { (r.lowerBound * f)...(r.upperBound * f) }
        var l = self
        l.stagger /= s
        l.riseTime = scaled(riseTime, 1 / s)
        l.drag *= s
        l.trunk.spacing /= s
        l.shell.stars = Effect.half(shell.stars)
        l.shell.speed *= s
        l.shell.lifetime /= s
        l.shell.physics = shell.physics.reducedMotion(s)
        l.shell.glitterInterval /= s
        l.shell.glitter = shell.glitter.reducedMotion(s)
        l.shell.glitterLifetime /= s
        l.shell.crossetteSpeed *= s
        l.shell.crossetteLifetime /= s
        l.shell.crackle = 0
        l.shell.pistil = shell.pistil / 2
        l.shell.flashRadius = 0
        return l
    }
}
