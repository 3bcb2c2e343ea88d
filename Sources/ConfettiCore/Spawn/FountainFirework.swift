/// The original library's fountain: sparks on random quadratic curves rising from one point,
/// one spark per 0.05 s tick. Its scale keyframes, drawn in the port's tenths, are an effect
/// file's to change (its `fountain` section), not the Swift API's.
public struct FountainFirework: Hashable, Sendable {
    public var sparkCount: Int
    public var scale: Double
    public var sparkSize: Double
    /// Seconds between sparks; spark k appears after (k + 1) × delayStep.
    public var delayStep: Double
    /// Points above the top centre of the rectangle the fountain rises from.
    public var offsetY: Double
    public var colors: [RGB]
    /// Pictures the sparks are drawn as instead of circles, chosen by weight, facing along their
    /// paths, each its own size (none: circles of `sparkSize`).
    public var sprites: [Sprite] = []
    /// Scale keyframes [start, peak, peak, end]: start and peak are drawn in tenths from these.
    var startScaleTenths: ClosedRange<Int> = 1...3
    var peakScaleTenths: ClosedRange<Int> = 12...18
    var endScale = 0.2
    public var timing: SparkTiming

    public static let standard = FountainFirework(
        sparkCount: 10, scale: 45, sparkSize: 9, delayStep: 0.05, offsetY: 0,
        colors: ClassicFirework.sparkColors,
        timing: SparkTiming(duration: 0.7, scaleKeyTimes: [0, 0.4, 0.9, 1])
    )

    /// The fountain rising from the top centre of `rect`.
    package func sparks(above rect: Rect, using rng: inout SeededGenerator) -> [Spark] {
        SpawnPasses.record("fountain")
        return sparks(at: Point(rect.midX, rect.minY - offsetY), using: &rng)
    }

    package func sparks(at origin: Point, using rng: inout SeededGenerator) -> [Spark] {
        (0..<sparkCount).map { k in
            // The grid of docs/effects.md, written as tenths so every value is the nearest double to it.
            let y1 = Double(7 + rng.index(below: 6)) / 10           // 1 + (k - 3)/10
            let x2 = Double(rng.index(below: 4) - 2)                 // j - 2
            let y2 = y1 + Double(15 + rng.index(below: 10)) / 10     // y1 + 2 + (m - 5)/10
            let s0 = Double(startScaleTenths.lowerBound + rng.index(below: startScaleTenths.count)) / 10   // 0.1 + a/10
            let sMax = Double(peakScaleTenths.lowerBound + rng.index(below: peakScaleTenths.count)) / 10  // 1.2 + b/10
            var spark = Spark(
                curve: Bezier([origin, origin + Point(0, -y1) * scale, origin + Point(x2, -y2) * scale]),
                delay: Double(k + 1) * delayStep,
                scaleValues: [s0, sMax, sMax, endScale],
                size: sparkSize,
                color: colors[k % colors.count],
                inFront: true
            )
            spark.wear(sprites, using: &rng)
            return spark
        }
    }
}
