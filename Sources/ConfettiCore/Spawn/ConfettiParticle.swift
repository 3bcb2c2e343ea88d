/// How a confetti piece is drawn; the raw value is the record's shape code, which
/// `Shaders/particle.frag.glsl` branches on (the SDFs are in `Shaders/shapes.glsl`).
public enum ConfettiShape: UInt8, CaseIterable, Sendable {
    case rectangle = 0
    case circle = 1
    /// A five-point star, point up, filling the piece's size.
    case star = 2
    /// A heart, lobes up, filling the piece's size.
    case heart = 3
    /// An isosceles triangle, apex up, filling the piece's size.
    case triangle = 4
    /// A streamer: a strip as wide as the piece and as long as its height, waving along its
    /// length (`RibbonWave`).
    case ribbon = 5
}

/// One confetti piece: everything needed to place it at any age, fixed at spawn.
///
/// The particle never changes after spawning; its state at age `t` is a pure function of these
/// constants (see `ConfettiPhysics.evaluate`). Angles are as the seed article stores them:
/// rotation in degrees, flutter and flip phases in radians, frequencies in radians per second.
package struct ConfettiParticle: Hashable, Sendable {
    package var initialPosition: Point
    package var initialVelocity: SIMD2<Double>
    package var initialRotation: Double
    package var rotationSpeed: Double
    package var flutterAmplitude: Double
    package var flutterFrequency: Double
    package var flutterPhase: Double
    package var flipFrequency: Double
    package var flipPhase: Double
    package var spreadStrength: Double
    package var size: Size
    package var color: RGB
    package var shape: ConfettiShape
    /// Seconds after its launch (the epoch) when the piece appears (0 for a burst: all at once).
    package var birth: Double = 0
    /// Its back's colour: 0 for the front's (times `ConfettiPhysics.backShade`), k for
    /// `ConfettiPhysics.backColors[k − 1]`.
    package var backColor = 0
    /// The picture it is drawn as instead of `shape` (its back is the picture's mirror, times
    /// `backShade`), nil for paper.
    package var sprite: SpriteChoice?

    package init(
        initialPosition: Point, initialVelocity: SIMD2<Double>,
        initialRotation: Double, rotationSpeed: Double,
        flutterAmplitude: Double, flutterFrequency: Double, flutterPhase: Double,
        flipFrequency: Double, flipPhase: Double, spreadStrength: Double,
        size: Size, color: RGB, shape: ConfettiShape = .rectangle
    ) {
        self.initialPosition = initialPosition
        self.initialVelocity = initialVelocity
        self.initialRotation = initialRotation
        self.rotationSpeed = rotationSpeed
        self.flutterAmplitude = flutterAmplitude
        self.flutterFrequency = flutterFrequency
        self.flutterPhase = flutterPhase
        self.flipFrequency = flipFrequency
        self.flipPhase = flipPhase
        self.spreadStrength = spreadStrength
        self.size = size
        self.color = color
        self.shape = shape
    }

    /// A tumbling piece (`SpinMode.tumble`) has no flip: the record's flip fields hold its axis,
    /// as an azimuth (rad, about the screen's normal from x) and a polar angle (rad, from the normal).
    package var tumbleAzimuth: Double { flipFrequency }
    package var tumblePolar: Double { flipPhase }

    /// +1 or -1: the quadratic spread pushes a piece further the way it was thrown.
    package var spreadDirection: Double { initialVelocity.x >= 0 ? 1 : -1 }
}
