/// The article's classic firework: sparks on cubic Bézier curves, spread over the four
/// quarters around the origin. A value to copy and tweak; `standard` holds the numbers of docs/effects.md.
/// The port's own encodings (scale steps in tenths, the curve tables) are an effect file's to
/// change (its `classic` section), not the Swift API's.
public struct ClassicFirework: Hashable, Sendable {
    public var sparkCount: Int
    /// Points per unit of the normalized curves.
    public var scale: Double
    /// Spark diameter in points.
    public var sparkSize: Double
    /// Each spark's origin moves 0…maxJitter whole points outwards on each axis.
    public var maxJitter: Int
    public var colors: [RGB]
    /// Pictures the sparks are drawn as instead of circles, chosen by weight, facing along their
    /// paths, each its own size (none: circles of `sparkSize`).
    public var sprites: [Sprite] = []
    /// Scale keyframes [1, maxScale, minScale], with maxScale = 1 + a/10 for a in maxScaleSteps
    /// and minScale = 0.5 + b/10 for b in minScaleSteps.
    var maxScaleSteps: ClosedRange<Int>
    var minScaleSteps: ClosedRange<Int>
    public var timing: SparkTiming
    /// Normalized trajectories, P0 = (0, 0), y down: P1, P2, P3 of each curve. Left quarters
    /// mirror them.
    var topRight: [[Point]] = ClassicFirework.topRightCurves
    var bottomRight: [[Point]] = ClassicFirework.bottomRightCurves

    /// The article's table.
    package static let topRightCurves: [[Point]] = [
        [Point(0.31, -0.46), Point(0.74, -0.29), Point(0.99, 0.12)],
        [Point(0.31, -0.46), Point(0.62, -0.49), Point(0.88, -0.19)],
        [Point(0.10, -0.54), Point(0.44, -0.53), Point(0.66, -0.30)],
        [Point(0.19, -0.46), Point(0.41, -0.53), Point(0.65, -0.45)],
    ]
    package static let bottomRightCurves: [[Point]] = [
        [Point(0.42, -0.01), Point(0.68, 0.11), Point(0.87, 0.44)],
        [Point(0.35, 0.00), Point(0.55, 0.12), Point(0.62, 0.45)],
        [Point(0.21, 0.05), Point(0.31, 0.19), Point(0.32, 0.45)],
        [Point(0.18, 0.00), Point(0.31, 0.11), Point(0.35, 0.25)],
    ]

    /// The article's four colours, the fountain's too.
    package static let sparkColors = [
        RGB(0.89, 0.58, 0.70), RGB(0.96, 0.87, 0.62), RGB(0.67, 0.82, 0.94), RGB(0.54, 0.56, 0.94),
    ]

    public static let standard = ClassicFirework(
        sparkCount: 8, scale: 45, sparkSize: 7, maxJitter: 9, colors: sparkColors,
        maxScaleSteps: 0...6, minScaleSteps: 0...2,
        timing: SparkTiming(duration: 0.4, scaleKeyTimes: [0, 0.5, 1])
    )

    package enum Quarter: Int, CaseIterable, Sendable {
        case topRight, bottomRight, bottomLeft, topLeft

        package var isLeft: Bool { self == .bottomLeft || self == .topLeft }
        package var isBottom: Bool { self == .bottomLeft || self == .bottomRight }
    }

    /// The quarter of each spark: as even as the count allows (8 sparks: two each), shuffled.
    package func quarters(using rng: inout SeededGenerator) -> [Quarter] {
        var quarters = (0..<sparkCount).map { Quarter.allCases[$0 % 4] }
        // Fisher–Yates.
        for i in stride(from: quarters.count - 1, to: 0, by: -1) {
            quarters.swapAt(i, rng.index(below: i + 1))
        }
        return quarters
    }

    /// The sparks of one firework exploding at `origin`.
    package func sparks(at origin: Point, using rng: inout SeededGenerator) -> [Spark] {
        quarters(using: &rng).enumerated().map { index, quarter in
            let table = quarter.isBottom ? bottomRight : topRight
            let mirror = Point(quarter.isLeft ? -1 : 1, 1)
            let normalized = rng.element(of: table).map { $0 * mirror }
            // Outwards on both axes, drawn independently (the original reused x for y).
            let jx = Double(rng.index(below: maxJitter + 1)), jy = Double(rng.index(below: maxJitter + 1))
            let sparkOrigin = origin + Point(quarter.isLeft ? -jx : jx, quarter.isBottom ? jy : -jy)
            let maxScale = 1 + Double(maxScaleSteps.lowerBound + rng.index(below: maxScaleSteps.count)) / 10
            let minScale = 0.5 + Double(minScaleSteps.lowerBound + rng.index(below: minScaleSteps.count)) / 10
            var spark = Spark(
                curve: Bezier([sparkOrigin] + normalized.map { $0 * scale + sparkOrigin }),
                delay: 0,
                scaleValues: [1, maxScale, minScale],
                size: sparkSize,
                color: colors[index % colors.count],
                inFront: rng.index(below: 2) == 0
            )
            spark.wear(sprites, using: &rng)
            return spark
        }
    }

    /// The pictures a batch of its sparks carries.
    package var spriteImages: [SpriteImage] { sprites.images }
}

/// The classic section of an effect (`Effect.classic`): `count` classic fireworks around a
/// rectangle, each at a random corner moved by up to ±`maxOriginJitter` points per axis.
public struct ClassicSection: Hashable, Sendable {
    public var firework: ClassicFirework
    public var count: Int
    public var maxOriginJitter: Double

    public static let standard = ClassicSection(firework: .standard, count: 2, maxOriginJitter: 7.5)

    /// One array of sparks per firework.
    package func fireworks(around rect: Rect, using rng: inout SeededGenerator) -> [[Spark]] {
        SpawnPasses.record("classic")
        return (0..<count).map { _ in
            let corner = rng.element(of: rect.corners)
            let jitter = Point(rng.uniform(-maxOriginJitter, maxOriginJitter), rng.uniform(-maxOriginJitter, maxOriginJitter))
            return firework.sparks(at: corner + jitter, using: &rng)
        }
    }
}
