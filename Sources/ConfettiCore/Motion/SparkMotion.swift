import FoundationEssentials
import Glibc

/// The timing every spark of one firework shares.
public struct SparkTiming: Hashable, Sendable {
    /// Seconds from appearing to gone.
    public var duration: Double
    /// Where the scale keyframes sit, as eased progress in [0, 1]; first 0, last 1.
    public var scaleKeyTimes: [Double]
    /// Opacity is 1 until `fadeStart`, then falls linearly to 0 at `fadeEnd` (as plain t/T).
    public var fadeStart: Double
    public var fadeEnd: Double
    /// Eases the scale animation.
    public var easing: TimingCurve

    public init(duration: Double, scaleKeyTimes: [Double], fadeStart: Double = 0.95, fadeEnd: Double = 0.98, easing: TimingCurve = .easeOut) {
        self.duration = duration
        self.scaleKeyTimes = scaleKeyTimes
        self.fadeStart = fadeStart
        self.fadeEnd = fadeEnd
        self.easing = easing
    }
}

/// One firework spark: a circle that flies along a Bézier curve, fixed at spawn.
package struct Spark: Hashable, Sendable {
    /// In points, already scaled and shifted to the spark's origin.
    package var curve: Bezier
    /// Seconds after the launch until the spark appears.
    package var delay: Double
    /// One value per `SparkTiming.scaleKeyTimes`.
    package var scaleValues: [Double]
    /// Diameter in points, before scaling.
    package var size: Double
    package var color: RGB
    /// Drawn over the button (true) or under it.
    package var inFront: Bool
    /// The picture it is drawn as, facing along its path, its longer side `size`; nil for a circle.
    package var sprite: SpriteChoice?

    package init(curve: Bezier, delay: Double, scaleValues: [Double], size: Double, color: RGB, inFront: Bool) {
        self.curve = curve
        self.delay = delay
        self.scaleValues = scaleValues
        self.size = size
        self.color = color
        self.inFront = inFront
    }
}

extension Spark {
    /// Drawn as one of `sprites`, by weight (one more draw, last, only when there are sprites):
    /// its size the sprite's, its colour the sprite's fill.
    package mutating func wear(_ sprites: [Sprite], using rng: inout SeededGenerator) {
        guard !sprites.isEmpty else { return }
        let (sprite, choice) = sprites.choose(using: &rng)
        self.sprite = choice
        size = sprite.size
        color = sprite.colour(drawn: color)
    }
}

/// A spark at one age (time since it appeared): what the trace prints and the shader computes.
package struct SparkSample: ParticleSample, Hashable {
    package var t: Double
    package var alive: Bool
    package var x: Double
    package var y: Double
    /// Degrees, the tangent direction.
    package var angle: Double
    package var scale: Double
    package var opacity: Double
    /// The eased progress the scale keyframes are read at.
    package var eased: Double
    /// The float32 error scale and allowance of each value (see `SampleField`); zero for a GPU sample.
    package var bounds = Bounds()

    package struct Bounds: Hashable, Sendable {
        package var position = 0.0
        package var angleScale = 0.0, angleAllowance = 0.0
        package var scaleScale = 0.0, scaleAllowance = 0.0
        package var opacity = 0.0
    }

    package init(t: Double, alive: Bool, x: Double, y: Double, angle: Double, scale: Double, opacity: Double, eased: Double) {
        self.t = t
        self.alive = alive
        self.x = x
        self.y = y
        self.angle = angle
        self.scale = scale
        self.opacity = opacity
        self.eased = eased
    }

    enum CodingKeys: String, CodingKey {
        case t, alive, x, y, angle, scale, opacity
    }

    package var fields: [SampleField] {
        [
            SampleField("x", x, scale: bounds.position),
            SampleField("y", y, scale: bounds.position),
            SampleField("angle", angle, scale: bounds.angleScale, allowance: bounds.angleAllowance, isAngle: true),
            SampleField("eased", eased, scale: 0, allowance: SparkTiming.easedBound),
            SampleField("scale", scale, scale: bounds.scaleScale, allowance: bounds.scaleAllowance),
            SampleField("opacity", opacity, scale: bounds.opacity),
        ]
    }
}

extension SparkTiming {
    /// The CPU reference for `spark.vert.glsl`. Outside [0, T] the position and angle are those
    /// of the nearest end of the curve; `alive` says whether the spark is drawn.
    ///
    /// Error bounds (see `SampleField`): x and y are Bernstein sums of the control points,
    /// stored relative to P0, so their scale is |P0| + Σ|Pi − P0|. The angle is the tangent's
    /// direction: its error is the tangent's absolute error over its length, in radians, plus
    /// the driver's atan (budgeted at 1e-5 rad; llvmpipe's errs by about 3e-6) and the
    /// conversion to degrees. The scale inherits the eased progress's bound through the
    /// steepest keyframe segment. Opacity is a ramp (fadeEnd − fadeStart) of T wide.
    package func evaluate(_ spark: Spark, at t: Double) -> SparkSample {
        let u = min(max(t / duration, 0), 1)
        let position = spark.curve.point(at: u)
        let eased = easing.value(at: u)
        let alive = t >= 0 && t < duration
        var sample = SparkSample(
            t: t, alive: alive,
            x: position.x, y: position.y,
            angle: spark.curve.angle(at: u),
            scale: Self.keyframe(spark.scaleValues, at: scaleKeyTimes, eased),
            opacity: alive ? opacity(progress: t / duration) : 0,
            eased: eased
        )
        let p = spark.curve.points
        let spread = p.dropFirst().reduce(0) { $0 + abs($1.x - p[0].x) + abs($1.y - p[0].y) }
        let tangent = spark.curve.tangent(at: u)
        let speed = (tangent * tangent).sum().squareRoot()
        var slope = 0.0
        for i in 1..<scaleKeyTimes.count where scaleKeyTimes[i] > scaleKeyTimes[i - 1] {
            slope = max(slope, abs(spark.scaleValues[i] - spark.scaleValues[i - 1]) / (scaleKeyTimes[i] - scaleKeyTimes[i - 1]))
        }
        let degrees = 180 / Double.pi
        sample.bounds = SparkSample.Bounds(
            position: abs(p[0].x) + abs(p[0].y) + spread,
            angleScale: spread / max(speed / 3, 1e-9) * degrees + 180,
            angleAllowance: 1e-5 * degrees,
            scaleScale: spark.scaleValues.map(abs).max() ?? 0,
            scaleAllowance: slope * Self.easedBound,
            opacity: (1 + abs(t / duration)) / (fadeEnd - fadeStart)
        )
        return sample
    }

    /// How far the shader's eased progress may be from the CPU's: its solver's proven bound.
    package static let easedBound = 2e-6

    /// 1, then linear to 0 between `fadeStart` and `fadeEnd` of the duration.
    package func opacity(progress p: Double) -> Double {
        if p <= fadeStart { return 1 }
        if p >= fadeEnd { return 0 }
        return (fadeEnd - p) / (fadeEnd - fadeStart)
    }

    /// Piecewise-linear interpolation of `values` at `times`.
    package static func keyframe(_ values: [Double], at times: [Double], _ e: Double) -> Double {
        guard e > times[0] else { return values[0] }
        for k in 1..<times.count where e <= times[k] {
            let span = times[k] - times[k - 1]
            let f = span > 0 ? (e - times[k - 1]) / span : 1
            return values[k - 1] + (values[k] - values[k - 1]) * f
        }
        return values[values.count - 1]
    }
}
