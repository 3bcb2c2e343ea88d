/// A confetti piece already placed: what the benchmark's `cpu` and `floor` modes upload and
/// `Shaders/pose.vert.glsl` draws without any physics. 28 bytes.
///
/// | bytes | fields                                      | shader input          |
/// |-------|---------------------------------------------|-----------------------|
/// | 0-15  | x, y (pt), rotation (deg), width (float ×4) | `aPose`    location 0 |
/// | 16-23 | height (pt), opacity        (float32 ×2)    | `aSizeFade` location 1 |
/// | 24-27 | r, g, b, shape × 255        (unorm8 ×4)     | `aColorShape` location 2 |
package struct PoseRecord: Hashable, Sendable {
    package var x: Float
    package var y: Float
    package var rotation: Float
    package var width: Float
    package var height: Float
    package var opacity: Float
    package var r: UInt8
    package var g: UInt8
    package var b: UInt8
    package var shape: UInt8

    /// The piece as the CPU evaluator places it; opacity 0 when it is not alive.
    package init(_ p: ConfettiParticle, _ s: ConfettiSample) {
        x = Float(s.x)
        y = Float(s.y)
        rotation = Float(s.rotation)
        width = Float(s.apparentWidth)
        height = Float(p.size.height)
        opacity = Float(s.opacity)
        (r, g, b, _) = p.color.rgba8
        shape = p.shape == .circle ? 255 : 0
    }

    package static let attributes = VertexAttribute.table(of: PoseRecord.self, [
        ("aPose", \.x, 4, .float32),
        ("aSizeFade", \.height, 2, .float32),
        ("aColorShape", \.r, 4, .unorm8),
    ])
}
