/// The per-spark record the GPU reads, 60 bytes; `Shaders/spark.vert.glsl` evaluates it.
///
/// Memory layout (the single description; `attributes` is derived from it):
///
/// | bytes | fields                                   | shader input          |
/// |-------|------------------------------------------|-----------------------|
/// | 0-15  | P0.x, P0.y, P1−P0 (x, y)    (float32 ×4) | `aCurveA`  location 0 |
/// | 16-31 | P2−P0 (x, y), P3−P0 (x, y)  (float32 ×4) | `aCurveB`  location 1 |
/// | 32-47 | scale keyframe values 0-3   (float32 ×4) | `aScale`   location 2 |
/// | 48-51 | delay                       (float32)    | `aDelay`   location 3 |
/// | 52-55 | size (pt), inFront, unused ×2 (uint8 ×4) | `aLook`    location 4 |
/// | 56-59 | r, g, b, a                  (unorm8 ×4)  | `aColor`   location 5 |
///
/// Curves are stored as cubics (a quadratic's degree is raised exactly) with the control
/// points relative to P0, which keeps their float32 rounding at the size of the curve rather
/// than of the screen. Three keyframe values repeat the last one. Duration, key times and the
/// fade are the firework's, set per burst as uniforms.
public struct SparkInstance: Hashable, Sendable {
    public var p0x: Float
    public var p0y: Float
    public var d1x: Float
    public var d1y: Float
    public var d2x: Float
    public var d2y: Float
    public var d3x: Float
    public var d3y: Float
    public var scale0: Float
    public var scale1: Float
    public var scale2: Float
    public var scale3: Float
    public var delay: Float
    public var size: UInt8
    public var inFront: UInt8
    public var unused0: UInt8 = 0
    public var unused1: UInt8 = 0
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(_ spark: Spark) {
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
        (r, g, b, a) = spark.color.rgba8
    }

    public static let attributes: [VertexAttribute] = [
        VertexAttribute(name: "aCurveA", location: 0, offset: offset(\.p0x), components: 4, format: .float32),
        VertexAttribute(name: "aCurveB", location: 1, offset: offset(\.d2x), components: 4, format: .float32),
        VertexAttribute(name: "aScale", location: 2, offset: offset(\.scale0), components: 4, format: .float32),
        VertexAttribute(name: "aDelay", location: 3, offset: offset(\.delay), components: 1, format: .float32),
        VertexAttribute(name: "aLook", location: 4, offset: offset(\.size), components: 4, format: .uint8),
        VertexAttribute(name: "aColor", location: 5, offset: offset(\.r), components: 4, format: .unorm8),
    ]

    private static func offset(_ key: PartialKeyPath<SparkInstance>) -> Int {
        MemoryLayout<SparkInstance>.offset(of: key)!
    }
}
