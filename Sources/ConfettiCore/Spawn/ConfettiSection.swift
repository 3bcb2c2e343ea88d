import FoundationEssentials
import Glibc

/// The confetti section of an effect (`Effect.confetti`): the physics, and the distributions a
/// launch's pieces are drawn from, thrown all at once (a burst) or as a stream (`emission`).
///
/// A value you can copy and tweak; `ConfettiSection.standard` is the seed article's burst.
/// Speeds and launch positions scale with the viewport, as in the article, so the pieces
/// reach the top of any window.
public struct ConfettiSection: Hashable, Sendable {
    public var physics: ConfettiPhysics
    /// Pieces per launch when they are thrown all at once (a stream's come from its rate and
    /// duration instead).
    public var count: Int
    /// Launch x as a fraction of the viewport width.
    public var launchX: ClosedRange<Double>
    /// Launch y, in points below the bottom edge.
    public var launchBelowBottom: Double
    /// Horizontal speed as a fraction of the viewport width per second.
    public var horizontalSpeed: ClosedRange<Double>
    /// Upward speed in viewport heights per second, times a factor drawn from `upwardSpeedJitter`.
    public var upwardSpeed: Double
    public var upwardSpeedJitter: ClosedRange<Double>
    /// Degrees.
    public var initialRotation: ClosedRange<Double>
    /// Degrees per second.
    public var rotationSpeed: ClosedRange<Double>
    /// Points.
    public var flutterAmplitude: ClosedRange<Double>
    /// Radians per second.
    public var flutterFrequency: ClosedRange<Double>
    /// Radians per second.
    public var flipFrequency: ClosedRange<Double>
    /// Points per second², outwards.
    public var spreadStrength: ClosedRange<Double>
    /// Equally likely sizes, in points.
    public var sizes: [Size]
    /// Equally likely colours.
    public var colors: [RGB]
    /// The shapes pieces are drawn from.
    public var shapes: [ConfettiShape]
    /// How likely each of `shapes` is, relative to the others (one non-negative weight per
    /// shape, at least one positive); nil for equally likely.
    public var shapeWeights: [Double]? = nil
    /// Pictures the pieces are drawn as instead of `shapes`, chosen by weight, each its own size
    /// (none: paper shapes).
    public var sprites: [Sprite] = []
    /// Where and when the pieces enter (`ConfettiEmission`): all at once from the bottom by default.
    public var emission: ConfettiEmission = .atOnce
    /// Layers at different depths (`ConfettiDepth`): none by default.
    public var depth: ConfettiDepth = .none

    /// The seed article's burst: 30 rectangles from below the bottom edge (docs/effects.md).
    public static let standard = ConfettiSection(
        physics: .standard,
        count: 30,
        launchX: 0.15...0.85,
        launchBelowBottom: 20,
        horizontalSpeed: -0.3...0.3,
        upwardSpeed: 1.8,
        upwardSpeedJitter: 0.85...1.1,
        initialRotation: 0...360,
        rotationSpeed: -400...400,
        flutterAmplitude: 25...45,
        flutterFrequency: 4...7,
        flipFrequency: 3...6,
        spreadStrength: 8...18,
        sizes: [Size(width: 10, height: 10), Size(width: 12, height: 7), Size(width: 7, height: 12)],
        colors: [.red, .orange, .yellow, .green, .blue, .purple],
        shapes: [.rectangle]
    )

    /// The standard burst with circles as well as rectangles.
    public static let mixedShapes: ConfettiSection = {
        var confetti = ConfettiSection.standard
        confetti.shapes = [.rectangle, .circle]
        return confetti
    }()

    /// The pieces of one launch in a viewport of `viewport` points, from `seed` alone.
    package func spawn(in viewport: Size, seed: UInt64) -> [ConfettiParticle] {
        var rng = SeededGenerator(seed: seed)
        return spawn(in: viewport, using: &rng)
    }

    package func spawn(in viewport: Size, using rng: inout SeededGenerator) -> [ConfettiParticle] {
        emit(in: viewport, using: &rng)
    }

    /// One piece. The draws are made in a fixed order, so a seed names the same piece forever;
    /// a back colour is one more draw, last, only when there are back colours.
    package func spawnOne(in viewport: Size, using rng: inout SeededGenerator) -> ConfettiParticle {
        let w = viewport.width, h = viewport.height
        let x0 = w * rng.uniform(launchX)
        let vy = -upwardSpeed * h * rng.uniform(upwardSpeedJitter)
        let vx = w * rng.uniform(horizontalSpeed)
        let size = rng.element(of: sizes)
        let color = rng.element(of: colors)
        let tumbles = physics.spinMode == .tumble
        var piece = ConfettiParticle(
            initialPosition: Point(x0, h + launchBelowBottom),
            initialVelocity: SIMD2(vx, vy),
            initialRotation: rng.uniform(initialRotation),
            rotationSpeed: rng.uniform(rotationSpeed),
            flutterAmplitude: rng.uniform(flutterAmplitude),
            flutterFrequency: rng.uniform(flutterFrequency),
            flutterPhase: rng.uniform(0, 2 * .pi),
            // A tumble has no flip: its axis, uniform on the sphere (azimuth and the cosine of
            // its polar angle uniform), takes the flip's two draws and fields.
            flipFrequency: tumbles ? rng.uniform(0, 2 * .pi) : rng.uniform(flipFrequency),
            flipPhase: tumbles ? acos(rng.uniform(-1, 1)) : rng.uniform(0, 2 * .pi),
            spreadStrength: rng.uniform(spreadStrength),
            size: size,
            color: color,
            shape: drawShape(using: &rng)
        )
        if !physics.backColors.isEmpty {
            piece.backColor = 1 + rng.index(below: physics.backColors.count)
        }
        // A sprite is one more draw, last, only when there are sprites: its back is its mirror.
        if !sprites.isEmpty {
            let (sprite, choice) = sprites.choose(using: &rng)
            piece.sprite = choice
            piece.size = sprite.extent
            piece.color = sprite.colour(drawn: color)
            piece.backColor = 0
        }
        return piece
    }

    /// A single shape draws nothing, so the standard burst's sequence is the article's; equal
    /// weights draw as the unweighted list does, so a seed names the same pieces either way.
    func drawShape(using rng: inout SeededGenerator) -> ConfettiShape {
        guard shapes.count > 1 else { return shapes[0] }
        guard let weights = shapeWeights, Set(weights).count > 1 else { return rng.element(of: shapes) }
        precondition(weights.count == shapes.count && weights.allSatisfy { $0 >= 0 } && weights.contains { $0 > 0 },
                     "one non-negative weight per shape, at least one positive")
        // The first shape whose running total passes a uniform draw over the total weight.
        var left = rng.uniform(0, weights.reduce(0, +))
        for (shape, weight) in zip(shapes, weights) where weight > 0 {
            if left < weight { return shape }
            left -= weight
        }
        // Rounding in the running subtraction can leave the draw just past the end.
        return shapes[weights.lastIndex { $0 > 0 }!]
    }
}

extension RGB {
    // SwiftUI's system colours, as the article's `Color.red` etc. render on iOS.
    public static let red = RGB(hex: 0xFF3B30)
    public static let orange = RGB(hex: 0xFF9500)
    public static let yellow = RGB(hex: 0xFFCC00)
    public static let green = RGB(hex: 0x34C759)
    public static let blue = RGB(hex: 0x007AFF)
    public static let purple = RGB(hex: 0xAF52DE)
}
