import ConfettiCore
import Testing
import TestSupport

@Suite(.tags(.math)) struct ClassicFireworkTests {
    let firework = ClassicFirework.standard
    let origin = Point(400, 300)

    /// The table curve, the mirroring, and the jitter that explain a spark, or nil.
    struct Explanation {
        var quarter: ClassicFirework.Quarter
        var jitter: Point
    }

    func explain(_ spark: Spark) -> Explanation? {
        let p = spark.curve.points
        guard p.count == 4 else { return nil }
        let jitter = p[0] - origin
        for (table, bottom) in [(ClassicFirework.topRightCurves, false), (ClassicFirework.bottomRightCurves, true)] {
            for entry in table {
                for left in [false, true] {
                    let mirror = Point(left ? -1 : 1, 1)
                    let matches = zip(entry, p.dropFirst()).allSatisfy { e, q in
                        let want = e * mirror * 45 + origin + jitter
                        return abs(want.x - q.x) < 1e-9 && abs(want.y - q.y) < 1e-9
                    }
                    if matches {
                        let quarter: ClassicFirework.Quarter = bottom ? (left ? .bottomLeft : .bottomRight) : (left ? .topLeft : .topRight)
                        return Explanation(quarter: quarter, jitter: jitter)
                    }
                }
            }
        }
        return nil
    }

    @Test func everyControlPointIsATableEntryScaledShiftedAndJitteredOutwards() {
        var jitters: [Double] = []
        for seed in 0..<500 as Range<UInt64> {
            var rng = SeededGenerator(seed: seed)
            for spark in firework.sparks(at: origin, using: &rng) {
                guard let why = explain(spark) else {
                    Issue.record("seed \(seed): spark \(spark.curve.points) is no table curve ×45 + origin + jitter")
                    continue
                }
                let j = why.jitter
                // Whole points 0…9, away from the centre on both axes, for its quarter.
                #expect(abs(j.x) <= 9 && abs(j.y) <= 9 && j.x == j.x.rounded() && j.y == j.y.rounded())
                #expect(why.quarter == .topLeft || why.quarter == .bottomLeft ? j.x <= 0 : j.x >= 0)
                #expect(why.quarter == .bottomLeft || why.quarter == .bottomRight ? j.y >= 0 : j.y <= 0)
                jitters += [abs(j.x), abs(j.y)]
                // Left quarters are mirrored: the curve ends on the left of its origin.
                let end = spark.curve.points[3].x - spark.curve.points[0].x
                #expect(why.quarter == .topLeft || why.quarter == .bottomLeft ? end < 0 : end > 0)
            }
        }
        #expect(Set(jitters) == Set((0...9).map(Double.init)), "every jitter value occurs")
        // x and y jitters are drawn independently (the original reused x for y in top quarters).
        var rng = SeededGenerator(seed: 1)
        let many = (0..<200).flatMap { _ in firework.sparks(at: origin, using: &rng) }.compactMap(explain)
        #expect(many.filter { abs($0.jitter.x) != abs($0.jitter.y) }.count > many.count / 2)
    }

    @Test func quartersAreBalancedAndShuffled() {
        var orders = Set<[Int]>()
        for seed in 0..<300 as Range<UInt64> {
            var rng = SeededGenerator(seed: seed)
            let quarters = firework.quarters(using: &rng)
            for q in ClassicFirework.Quarter.allCases {
                #expect(quarters.filter { $0 == q }.count == 2)
            }
            orders.insert(quarters.map(\.rawValue))
        }
        #expect(orders.count > 100, "only \(orders.count) orders in 300 fireworks")
        // Any count: as even as possible.
        for count in [1, 7, 9, 10_000] {
            var f = firework
            f.sparkCount = count
            var rng = SeededGenerator(seed: 5)
            let quarters = f.quarters(using: &rng)
            let tallies = ClassicFirework.Quarter.allCases.map { q in quarters.filter { $0 == q }.count }
            #expect(quarters.count == count)
            #expect(tallies.max()! - tallies.min()! <= 1, "\(count) sparks: \(tallies)")
        }
    }

    @Test func scaleKeyframesColoursAndLayersFollowTheSpec() {
        var maxima = Set<Double>(), minima = Set<Double>()
        var front = 0, total = 0
        for seed in 0..<400 as Range<UInt64> {
            var rng = SeededGenerator(seed: seed)
            for (i, spark) in firework.sparks(at: origin, using: &rng).enumerated() {
                #expect(spark.scaleValues.count == 3 && spark.scaleValues[0] == 1)
                maxima.insert((spark.scaleValues[1] * 10).rounded())
                minima.insert((spark.scaleValues[2] * 10).rounded())
                #expect(spark.color == ClassicFirework.sparkColors[i % 4])
                #expect(spark.size == 7 && spark.delay == 0)
                front += spark.inFront ? 1 : 0
                total += 1
            }
        }
        #expect(maxima == Set((10...16).map(Double.init)))
        #expect(minima == Set((5...7).map(Double.init)))
        // 50/50 to 5 standard deviations.
        #expect(abs(Double(front) - Double(total) / 2) < 5 * (Double(total) / 4).squareRoot())
    }

    @Test func anySparkCountWorks() {
        for count in [1, 7, 8, 9, 10_000] {
            var f = firework
            f.sparkCount = count
            var rng = SeededGenerator(seed: UInt64(count))
            let sparks = f.sparks(at: origin, using: &rng)
            #expect(sparks.count == count)
            #expect(sparks.allSatisfy { explain($0) != nil })
            
        }
    }

    @Test func launchPicksCornersWithBoundedJitter() {
        let rect = Rect(x: 100, y: 200, width: 200, height: 56)
        var corners = Set<Int>()
        for seed in 0..<200 as Range<UInt64> {
            var rng = SeededGenerator(seed: seed)
            let fireworks = ClassicSection.standard.fireworks(around: rect, using: &rng)
            #expect(fireworks.count == 2 && fireworks.allSatisfy { $0.count == 8 })
            for sparks in fireworks {
                // Spark origins lie within jitter 9 of the firework origin, which lies within
                // 7.5 of a corner: the nearest corner is within 16.5 per axis.
                let o = sparks[0].curve.points[0]
                let nearest = rect.corners.enumerated().min { abs($0.1.x - o.x) + abs($0.1.y - o.y) < abs($1.1.x - o.x) + abs($1.1.y - o.y) }!
                #expect(abs(nearest.element.x - o.x) <= 16.5 && abs(nearest.element.y - o.y) <= 16.5)
                corners.insert(nearest.offset)
            }
        }
        #expect(corners.count == 4)
    }
}
