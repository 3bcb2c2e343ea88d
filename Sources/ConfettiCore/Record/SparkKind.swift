/// The per-spark record the GPU reads, 60 bytes; `Shaders/spark.vert.glsl` evaluates it.
///
/// Memory layout (the single description; `SparkKind.attributes` is derived from the fields):
///
/// | bytes | fields                                   | shader input          |
/// |-------|------------------------------------------|-----------------------|
/// | 0-15  | P0.x, P0.y, P1−P0 (x, y)    (float32 ×4) | `aCurveA`  location 0 |
/// | 16-31 | P2−P0 (x, y), P3−P0 (x, y)  (float32 ×4) | `aCurveB`  location 1 |
/// | 32-47 | scale keyframe values 0-3   (float32 ×4) | `aScale`   location 2 |
/// | 48-51 | delay                       (float32)    | `aDelay`   location 3 |
/// | 52-55 | size (pt), inFront, sprite + 1, unused (uint8 ×4) | `aLook` location 4 |
/// | 56-59 | r, g, b, a                  (unorm8 ×4)  | `aColor`   location 5 |
///
/// Curves are stored as cubics (a quadratic's degree is raised exactly) with the control
/// points relative to P0, which keeps their float32 rounding at the size of the curve rather
/// than of the screen. Three keyframe values repeat the last one. Duration, key times and the
/// fade are the firework's, set per batch as uniforms.
package struct SparkRecord: Hashable, Sendable {
    package var p0x: Float
    package var p0y: Float
    package var d1x: Float
    package var d1y: Float
    package var d2x: Float
    package var d2y: Float
    package var d3x: Float
    package var d3y: Float
    package var scale0: Float
    package var scale1: Float
    package var scale2: Float
    package var scale3: Float
    package var delay: Float
    package var size: UInt8
    package var inFront: UInt8
    /// Its sprite's index + 1; 0 for a circle.
    package var sprite: UInt8 = 0
    package var unused: UInt8 = 0
    package var r: UInt8
    package var g: UInt8
    package var b: UInt8
    package var a: UInt8

    package init(_ spark: Spark) {
        let points = spark.curve.cubic.points
        let p0 = points[0]
        p0x = Float(p0.x)
        p0y = Float(p0.y)
        d1x = Float(points[1].x - p0.x)
        d1y = Float(points[1].y - p0.y)
        d2x = Float(points[2].x - p0.x)
        d2y = Float(points[2].y - p0.y)
        d3x = Float(points[3].x - p0.x)
        d3y = Float(points[3].y - p0.y)
        let values = spark.scaleValues.map(Float.init)
        scale0 = values[0]
        scale1 = values[min(1, values.count - 1)]
        scale2 = values[min(2, values.count - 1)]
        scale3 = values[min(3, values.count - 1)]
        delay = Float(spark.delay)
        size = UInt8(clamping: Int(spark.size.rounded()))
        inFront = spark.inFront ? 1 : 0
        sprite = spark.sprite.map { UInt8($0.index + 1) } ?? 0
        (r, g, b, a) = spark.color.rgba8
    }

}

/// Firework sparks: circles (or sprites facing along their path) flying along Bézier curves,
/// scaled by keyframes at an eased progress and fading at the end (docs/effects.md, Fireworks).
package enum SparkKind: ParticleKind {
    package typealias Particle = Spark
    package typealias Record = SparkRecord
    package typealias Uniforms = SparkTiming
    package typealias Sample = SparkSample

    package static let name = "spark"
    package static let plural = "sparks"
    package static let noun = "sparks"
    package static let vertexShader = "spark.vert.glsl"
    package static let fragmentShader = "particle.frag.glsl"

    package static let defaultUniforms = ClassicFirework.standard.timing

    package static let attributes = VertexAttribute.table(of: SparkRecord.self, [
        ("aCurveA", \.p0x, 4, .float32),
        ("aCurveB", \.d2x, 4, .float32),
        ("aScale", \.scale0, 4, .float32),
        ("aDelay", \.delay, 1, .float32),
        ("aLook", \.size, 4, .uint8),
        ("aColor", \.r, 4, .unorm8),
    ])

    package static func record(_ spark: Spark, uniforms _: SparkTiming) -> SparkRecord { SparkRecord(spark) }
    package static func birth(of spark: Spark) -> Double { spark.delay }
    package static func lifetime(of _: Spark, uniforms: SparkTiming) -> Double { uniforms.duration }
    package static func side(of spark: Spark) -> ButtonSide { spark.inFront ? .overButton : .behindButton }

    /// Every control point of its curve moved alike.
    package static func moved(_ spark: Spark, by offset: SIMD2<Double>) -> Spark {
        var moved = spark
        moved.curve = Bezier(spark.curve.points.map { $0 + offset })
        return moved
    }
    /// A spark is a circle, or a sprite.
    package static func shapes(of spark: Spark, uniforms _: SparkTiming) -> DrawnQuad.ShapeSet {
        spark.sprite == nil ? DrawnQuad.Shape.ellipse.bit : DrawnQuad.Shape.sprite.bit
    }

    package static func evaluate(_ spark: Spark, at age: Double, uniforms: SparkTiming) -> SparkSample {
        uniforms.evaluate(spark, at: age)
    }

    package static func drawn(_ spark: Spark, _ s: SparkSample, pixelsPerPoint: Double) -> DrawnQuad {
        let diameter = Double(SparkRecord(spark).size)
        let share = spark.sprite?.share ?? SIMD2(1, 1)
        var quad = DrawnQuad(
            alive: s.alive, centre: Point(s.x, s.y), angle: s.angle,
            halfSize: 0.5 * diameter * s.scale * share, shape: spark.sprite == nil ? .ellipse : .sprite,
            color: DrawnQuad.premultiplied(spark.color, opacity: s.opacity)
        )
        if let sprite = spark.sprite {
            quad.sprite = DrawnQuad.Sprite(index: sprite.index, level: SpriteTexels.level(extent: diameter, pixelsPerPoint: pixelsPerPoint))
        }
        let e = Float32Error.k * Float32Error.eps
        quad.centreError = 2 * e * s.bounds.position
        quad.angleError = e * s.bounds.angleScale + s.bounds.angleAllowance
        quad.halfSizeError = 0.5 * diameter * (e * s.bounds.scaleScale + s.bounds.scaleAllowance)
        quad.colorError = e * s.bounds.opacity
        return quad
    }

    package static func traceParams(_ spark: Spark, uniforms: SparkTiming) -> SparkTraceParams {
        SparkTraceParams(spark, timing: uniforms)
    }

    package static func traceConstants(_ timing: SparkTiming) -> SparkTraceConstants {
        SparkTraceConstants(
            duration: timing.duration, scaleKeyTimes: timing.scaleKeyTimes, opacityKeyTimes: [timing.fadeStart, timing.fadeEnd],
            easing: [timing.easing.x1, timing.easing.y1, timing.easing.x2, timing.easing.y2]
        )
    }
}

extension SparkTiming: ShaderUniforms {
    /// uTiming (duration, key times 1 and 2), uFade, and uEase (the timing curve, see
    /// `easeUniforms`). Three key times use [0, k1, 1] and the record repeats the last value.
    package var uniforms: [ShaderUniform] {
        let k1 = scaleKeyTimes.count > 2 ? scaleKeyTimes[1] : 1
        let k2 = scaleKeyTimes.count > 3 ? scaleKeyTimes[2] : 1
        return [
            ShaderUniform("uTiming", .vec4(SIMD4(Float(duration), Float(k1), Float(k2), 0))),
            ShaderUniform("uFade", .vec2(SIMD2(Float(fadeStart), Float(fadeEnd)))),
            ShaderUniform("uEase", .vec4Array(easing.easeUniforms)),
        ]
    }
}

/// What every spark of a firework shares, as the trace prints it.
package struct SparkTraceConstants: Encodable, Sendable {
    var duration: Double
    var scaleKeyTimes: [Double]
    var opacityKeyTimes: [Double]
    var easing: [Double]
}

/// A spark's spawn constants as the trace prints them (docs/effects.md, Trace output).
package struct SparkTraceParams: Encodable, Sendable {
    var controlPoints: [[Double]]
    var delay: Double
    var duration: Double
    var scaleValues: [Double]
    var scaleKeyTimes: [Double]
    var size: [Double]
    var color: [Double]
    var inFront: Bool

    init(_ spark: Spark, timing: SparkTiming) {
        controlPoints = spark.curve.points.map { [$0.x, $0.y] }
        delay = spark.delay
        duration = timing.duration
        scaleValues = spark.scaleValues
        scaleKeyTimes = timing.scaleKeyTimes
        size = [spark.size, spark.size]
        color = [spark.color.r, spark.color.g, spark.color.b]
        inFront = spark.inFront
    }
}

extension Budget.Ring {
    package static var sparks: Budget.Ring { Budget.Ring(SparkKind.self) }
}
