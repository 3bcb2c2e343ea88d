import ConfettiGL

/// One frame to draw headlessly and compare: batches at one time, in a viewport at a content
/// scale, over the Celebrate button or not. The pixel proofs (PixelProofTests and the motion
/// and paper-light ones) compare it with the CPU rasteriser; BloomTests with the bloom's CPU
/// reference.
struct Scene {
    var name: String
    var viewport = Size(width: 320, height: 180)
    var pixelsPerPoint = 1.0
    var button = false
    var batches: [any ParticleBatch]
    var time: Double
}
