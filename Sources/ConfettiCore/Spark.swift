import Foundation

/// The timing every spark of one firework shares.
public struct SparkTiming: Hashable, Sendable, Codable {
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
public struct Spark: Hashable, Sendable {
    /// In points, already scaled and shifted to the spark's origin.
    public var curve: Bezier
    /// Seconds after the launch until the spark appears.
    public var delay: Double
    /// One value per `SparkTiming.scaleKeyTimes`.
    public var scaleValues: [Double]
    /// Diameter in points, before scaling.
    public var size: Double
    public var color: RGB
    /// Drawn over the button (true) or under it.
    public var inFront: Bool

    public init(curve: Bezier, delay: Double, scaleValues: [Double], size: Double, color: RGB, inFront: Bool) {
        self.curve = curve
        self.delay = delay
        self.scaleValues = scaleValues
        self.size = size
        self.color = color
        self.inFront = inFront
    }
}

/// A spark at one age (time since it appeared).
public struct SparkSample: Hashable, Sendable {
    public var t: Double
    public var alive: Bool
    public var x: Double
    public var y: Double
    /// Degrees, the tangent direction.
    public var angle: Double
    public var scale: Double
    public var opacity: Double
    /// The eased progress the scale keyframes are read at.
    public var eased: Double

    public init(t: Double, alive: Bool, x: Double, y: Double, angle: Double, scale: Double, opacity: Double, eased: Double) {
        self.t = t
        self.alive = alive
        self.x = x
        self.y = y
        self.angle = angle
        self.scale = scale
        self.opacity = opacity
        self.eased = eased
    }
}

extension SparkTiming {
    /// The CPU reference for `spark.vert.glsl`. Outside [0, T] the position and angle are those
    /// of the nearest end of the curve; `alive` says whether the spark is drawn.
    public func evaluate(_ spark: Spark, at t: Double) -> SparkSample {
        let u = min(max(t / duration, 0), 1)
        let position = spark.curve.point(at: u)
        let eased = easing.value(at: u)
        let alive = t >= 0 && t < duration
        return SparkSample(
            t: t, alive: alive,
            x: position.x, y: position.y,
            angle: spark.curve.angle(at: u),
            scale: Self.keyframe(spark.scaleValues, at: scaleKeyTimes, eased),
            opacity: alive ? opacity(progress: t / duration) : 0,
            eased: eased
        )
    }

    /// 1, then linear to 0 between `fadeStart` and `fadeEnd` of the duration.
    public func opacity(progress p: Double) -> Double {
        if p <= fadeStart { return 1 }
        if p >= fadeEnd { return 0 }
        return (fadeEnd - p) / (fadeEnd - fadeStart)
    }

    /// Piecewise-linear interpolation of `values` at `times`.
    public static func keyframe(_ values: [Double], at times: [Double], _ e: Double) -> Double {
        guard e > times[0] else { return values[0] }
        for k in 1..<times.count where e <= times[k] {
            let span = times[k] - times[k - 1]
            let f = span > 0 ? (e - times[k - 1]) / span : 1
            return values[k - 1] + (values[k] - values[k - 1]) * f
        }
        return values[values.count - 1]
    }
}
