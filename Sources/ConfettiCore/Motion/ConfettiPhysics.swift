import Foundation

/// The constants every confetti piece of a burst shares, and the closed-form motion they give.
public struct ConfettiPhysics: Hashable, Sendable {
    /// pt/s², downwards.
    public var gravity: Double
    /// 1/s: velocity decays as exp(-drag t).
    public var drag: Double
    /// Seconds a piece lives.
    public var lifetime: Double
    /// Seconds of linear fade before death.
    public var fadeOutDuration: Double
    /// How the burst's records hold its pieces (fitted to them when the burst is uploaded:
    /// `ConfettiKind.fitted`); not part of the motion.
    public var quantisation: ConfettiQuantisation = .unfitted
    /// Two-sided paper: a piece showing its back (cos of its flip angle below 0) has its colour
    /// multiplied by this, 0...1; 1 draws both faces alike.
    public var backShade = 1.0
    /// How ribbons wave (only pieces of shape `.ribbon` read it).
    public var ribbonWave = RibbonWave.standard

    public init(gravity: Double, drag: Double, lifetime: Double, fadeOutDuration: Double) {
        self.gravity = gravity
        self.drag = drag
        self.lifetime = lifetime
        self.fadeOutDuration = fadeOutDuration
    }

    /// The seed article's numbers.
    public static let standard = ConfettiPhysics(gravity: 280, drag: 1.6, lifetime: 1.5, fadeOutDuration: 0.4)

    /// gravity / drag: the speed at which drag balances gravity.
    public var terminalVelocity: Double { gravity / drag }

    public func isAlive(age t: Double) -> Bool { t >= 0 && t < lifetime }
}

/// A confetti piece at one age: what the trace prints and the shader computes.
public struct ConfettiSample: ParticleSample, Hashable {
    public var t: Double
    public var alive: Bool
    public var x: Double
    public var y: Double
    /// Degrees, not wrapped.
    public var rotation: Double
    public var apparentWidth: Double
    /// 0 when not alive.
    public var opacity: Double
    /// cos of the flip angle, -1...1: below 0 the piece shows its back.
    public var facing: Double
    /// What the piece's colour is multiplied by: `backShade` when it shows its back, else 1.
    /// Drawn, not traced (it follows from `facing`).
    public var shade = 1.0
    /// A ribbon's wave as the fragment shader bends it: amplitude (pt), wavenumber (rad/pt),
    /// phase (rad); zero for every other shape. Drawn, not traced.
    public var wave = SIMD3<Double>.zero
    /// The float32 error scale of each value (see `SampleField`); zero for a GPU sample.
    public var scales = Scales()

    public struct Scales: Hashable, Sendable {
        public var x = 0.0, y = 0.0, rotation = 0.0, apparentWidth = 0.0, opacity = 0.0, facing = 0.0, wavePhase = 0.0
    }

    public init(t: Double, alive: Bool, x: Double, y: Double, rotation: Double, apparentWidth: Double, opacity: Double, facing: Double) {
        self.t = t
        self.alive = alive
        self.x = x
        self.y = y
        self.rotation = rotation
        self.apparentWidth = apparentWidth
        self.opacity = opacity
        self.facing = facing
    }

    enum CodingKeys: String, CodingKey {
        case t, alive, x, y, rotation, apparentWidth, opacity, facing
    }

    public var fields: [SampleField] {
        [
            SampleField("x", x, scale: scales.x),
            SampleField("y", y, scale: scales.y),
            SampleField("rotation", rotation, scale: scales.rotation),
            SampleField("apparentWidth", apparentWidth, scale: scales.apparentWidth),
            SampleField("opacity", opacity, scale: scales.opacity),
            SampleField("facing", facing, scale: scales.facing),
        ]
    }
}

extension ConfettiPhysics {
    /// The CPU reference for `Shaders/confetti.vert.glsl`, in Double (docs/effects.md, Confetti).
    ///
    /// `y` is the exact solution of dv/dt = g - drag v; `x` is the same with g = 0, plus flutter
    /// and spread. Position, rotation and width follow the formulas at any `t`, so a trace can
    /// show where an unborn or dead piece would be; `alive` and `opacity` say whether it is drawn.
    /// The error scales are the sums of the magnitudes of each formula's terms and arguments.
    public func evaluate(_ p: ConfettiParticle, at t: Double) -> ConfettiSample {
        // 1 - exp(-drag t), without cancellation for small t.
        let d = -expm1(-drag * t)
        let sway = p.flutterFrequency * t + p.flutterPhase
        let flip = p.flipFrequency * t + p.flipPhase
        let x = p.initialPosition.x
            + (p.initialVelocity.x / drag) * d
            + p.flutterAmplitude * sin(sway)
            + p.spreadDirection * p.spreadStrength * t * t
        let y = p.initialPosition.y
            + (p.initialVelocity.y / drag) * d
            + terminalVelocity * (t - d / drag)
        let alive = isAlive(age: t)
        let facing = cos(flip)
        var sample = ConfettiSample(
            t: t,
            alive: alive,
            x: x,
            y: y,
            rotation: p.initialRotation + p.rotationSpeed * t,
            apparentWidth: p.size.width * max(0.15, abs(facing)),
            opacity: alive ? opacity(age: t) : 0,
            facing: facing
        )
        sample.shade = facing < 0 ? backShade : 1
        if p.shape == .ribbon {
            sample.wave = SIMD3(ribbonWave.amplitude, ribbonWave.wavenumber, p.flutterPhase - ribbonWave.angularSpeed * t)
        }
        // Before birth (t < 0) d = 1 − e^(k|t|) grows, and exp's error grows with its argument:
        // the d terms weigh (1 + |d|)(1 + k|t|) there (an unborn stage of a rocket is traced
        // seconds before it appears). From birth on, |d| < 1 and they weigh 1.
        let dWeight = t < 0 ? (1 + abs(d)) * (1 + abs(drag * t)) : 1
        sample.scales = ConfettiSample.Scales(
            x: abs(p.initialPosition.x) + abs(p.initialVelocity.x) / drag * dWeight
                + p.flutterAmplitude * (1 + abs(p.flutterFrequency * t) + abs(p.flutterPhase)) + abs(p.spreadStrength) * t * t,
            y: abs(p.initialPosition.y) + abs(p.initialVelocity.y) / drag * dWeight + abs(terminalVelocity) * (abs(t) + dWeight / drag),
            rotation: abs(p.initialRotation) + abs(p.rotationSpeed * t),
            apparentWidth: p.size.width * (1 + abs(p.flipFrequency * t) + abs(p.flipPhase)),
            opacity: (lifetime + abs(t)) / fadeOutDuration,
            facing: 1 + abs(p.flipFrequency * t) + abs(p.flipPhase),
            wavePhase: p.shape == .ribbon ? abs(p.flutterPhase) + abs(ribbonWave.angularSpeed * t) : 0
        )
        return sample
    }

    /// 1, then a linear ramp to 0 over the last `fadeOutDuration` seconds.
    public func opacity(age t: Double) -> Double {
        let remaining = lifetime - t
        return remaining < fadeOutDuration ? remaining / fadeOutDuration : 1
    }
}
