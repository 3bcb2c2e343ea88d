import ConfettiCore
import Testing
import TestSupport

@Suite(.tags(.math)) struct FountainFireworkTests {
    let fountain = FountainFirework.standard
    let rect = Rect(x: 540, y: 332, width: 200, height: 56)

    func onGrid(_ value: Double, _ grid: [Double]) -> Bool {
        grid.contains { abs($0 - value) < 1e-12 }
    }

    @Test func valuesLieExactlyOnTheSpecGridAndDelaysTick() {
        var seen: [String: Set<Double>] = [:]
        for seed in 0..<400 as Range<UInt64> {
            var rng = SeededGenerator(seed: seed)
            let sparks = fountain.sparks(above: rect, using: &rng)
            #expect(sparks.count == 10)
            for (k, spark) in sparks.enumerated() {
                let p = spark.curve.points
                #expect(p.count == 3)
                #expect(p[0] == Point(640, 332), "origin: top centre of the rectangle")
                let y1 = -(p[1].y - p[0].y) / 45, x2 = (p[2].x - p[0].x) / 45, y2 = -(p[2].y - p[0].y) / 45
                #expect(p[1].x == p[0].x)
                #expect(onGrid(y1, (0...5).map { 1 + Double($0 - 3) / 10 }), "y1 \(y1)")
                #expect(onGrid(x2, (0...3).map { Double($0 - 2) }), "x2 \(x2)")
                #expect(onGrid(y2 - y1, (0...9).map { 2 + Double($0 - 5) / 10 }), "y2 - y1 \(y2 - y1)")
                let v = spark.scaleValues
                #expect(v.count == 4 && v[1] == v[2] && v[3] == 0.2)
                #expect(onGrid(v[0], (0...2).map { 0.1 + Double($0) / 10 }), "S0 \(v[0])")
                #expect(onGrid(v[1], (0...6).map { 1.2 + Double($0) / 10 }), "Smax \(v[1])")
                #expect(abs(spark.delay - Double(k + 1) * 0.05) < 1e-15, "delay of spark \(k)")
                #expect(spark.size == 9 && spark.color == ClassicFirework.sparkColors[k % 4])
                for (name, value) in [("y1", y1), ("x2", x2), ("dy", y2 - y1), ("s0", v[0]), ("smax", v[1])] {
                    seen[name, default: []].insert((value * 10).rounded())
                }
            }
        }
        // Every grid value occurs.
        #expect(seen["y1"]!.count == 6 && seen["x2"]!.count == 4 && seen["dy"]!.count == 10)
        #expect(seen["s0"]!.count == 3 && seen["smax"]!.count == 7)
        #expect(fountain.timing.duration == 0.7 && fountain.timing.scaleKeyTimes == [0, 0.4, 0.9, 1])
    }
}
