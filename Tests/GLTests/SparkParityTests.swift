import ConfettiGL
import ConfettiProof
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// `spark.vert.glsl` against the Swift evaluator, through the one parity harness.
@Suite(.tags(.math)) struct SparkParityTests {
    struct Family {
        var timing: SparkTiming
        var sparks: [Spark]
    }

    /// Over 10,000 sparks: classic fireworks of many spark counts and fountains, in viewports
    /// of all sizes, 2,000 launches in all.
    static func families() -> [Family] {
        var rng = SeededGenerator(seed: 77)
        var classic: [Spark] = [], fountain: [Spark] = []
        for _ in 0..<1000 {
            let origin = Point(rng.uniform(0, 3840), rng.uniform(0, 2160))
            var firework = ClassicFirework.standard
            firework.sparkCount = 1 + rng.index(below: 12)
            classic += firework.sparks(at: origin, using: &rng)
            fountain += FountainFirework.standard.sparks(at: origin, using: &rng)
        }
        return [Family(timing: ClassicFirework.standard.timing, sparks: classic),
                Family(timing: FountainFirework.standard.timing, sparks: fountain)]
    }

    /// Times since launch: before the first delay, across [0, T] and after it, plus the edges.
    static func launchTimes(for timing: SparkTiming) -> [Double] {
        var rng = SeededGenerator(seed: 5)
        let end = 0.5 + timing.duration + 0.1
        let random = (0..<16).map { _ in Double(Float(rng.uniform(-0.05, end))) }
        let T = timing.duration
        let edges = [-0.01, 0, 0.05, T * 0.5, T * 0.95, T * 0.965, T * 0.98, T, T + 0.05, 0.55 + T * 0.97]
        return random + edges.map { Double(Float($0)) }
    }

    func check(epoch: Double) async throws -> ParityHarness.Report {
        var total = ParityHarness.Report()
        for family in Self.families() {
            let report = try await ParityHarness.check(SparkKind.self, particles: family.sparks, uniforms: family.timing, epoch: epoch, times: Self.launchTimes(for: family.timing))
            total.samples += report.samples
            total.aliveSamples += report.aliveSamples
            for (field, error) in report.error {
                total.error[field] = max(total.error[field] ?? 0, error)
                total.ratio[field] = max(total.ratio[field] ?? 0, report.ratio[field]!)
            }
        }
        return total
    }

    @Test func sparkShaderMatchesCPUBeforeDuringAndAfterFlight() async throws {
        let report = try await check(epoch: 0)
        #expect(Self.families().reduce(0) { $0 + $1.sparks.count } >= 10_000)
        #expect(report.aliveSamples > 10_000 && report.samples - report.aliveSamples > 2_000, "before, during and after flight")
        print("spark parity, \(report.samples) samples (\(report.aliveSamples) in flight): \(report)")
    }

    @Test func sparkShaderMatchesCPUAfterThirtyDaysOfUptime() async throws {
        let report = try await check(epoch: 30 * 86_400 + 0.987_654_321)
        #expect(report.aliveSamples > 10_000)
        print("spark parity after 30 days, \(report.samples) samples: \(report)")
    }

    @Test func gpuEaseOutSolverStaysWithinItsBoundOverAllProgress() async throws {
        // One spark per progress value, 0 to 1 in steps of 1/4096, plus small powers of two.
        let timing = SparkTiming(duration: 1, scaleKeyTimes: [0, 1])
        let curve = Bezier([Point(0, 0), Point(1, 0), Point(2, 0)])
        let progress = (0...4096).map { Double($0) / 4096 } + (1...20).map { pow(2, -Double($0)) }
        let sparks = progress.map { Spark(curve: curve, delay: -$0, scaleValues: [0, 1], size: 1, color: .red, inFront: true) }
        let gpu = try await SharedGL.run {
            let probe = try FeedbackProbe<SparkKind>(shaders: SharedGL.shaders())
            defer { probe.delete() }
            return try probe.evaluate(sparks, uniforms: timing, now: 0)
        }
        var worst = 0.0
        for (p, sample) in zip(progress, gpu) {
            // The shader sees float(0 - float(-p)): p itself, as all of these are floats.
            worst = max(worst, abs(sample.eased - TimingCurve.easeOut.value(at: p)))
        }
        #expect(worst <= SparkTiming.easedBound)
        print("GPU ease-out worst error over [0, 1]: \(worst)")
    }
}
