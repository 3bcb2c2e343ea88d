/// A glow around the bright pixels of a frame: the numbers `BloomPass` draws with, and an
/// effect file's `bloom` section. Off in every preset: on llvmpipe it costs more than the
/// particles of most effects (docs/performance.md).
///
/// The part of each pixel's premultiplied luminance above `threshold` is blurred (a Gaussian
/// reaching `radius`) and added back over the frame, `strength` times (docs/effects.md, Bloom).
public struct Bloom: Sendable, Equatable {
    /// Whether the frame glows at all.
    public var isEnabled: Bool
    /// Premultiplied luminance (Rec. 709 weights, 0…1) a pixel needs to glow; only the part
    /// above it glows, so a pixel just over it glows faintly and no edge shows where it starts.
    public var threshold: Double
    /// How far the glow reaches from a bright pixel, pt: three standard deviations of the
    /// Gaussian, the same on screen at any content scale.
    public var radius: Double
    /// How much of the blurred bright part is added back over the frame: 0 adds nothing.
    public var strength: Double

    public init(isEnabled: Bool = false, threshold: Double = 0.2, radius: Double = 16, strength: Double = 3) {
        self.isEnabled = isEnabled
        self.threshold = threshold
        self.radius = radius
        self.strength = strength
    }

    /// Off, with the numbers `--bloom` turns on: every preset's.
    public static let standard = Bloom()

    /// What an effect file and `BloomPass` accept: luminance, pt, and a factor.
    package static let thresholds = 0.0...1.0
    package static let radii = 0.5...32.0
    package static let strengths = 0.0...4.0
}
