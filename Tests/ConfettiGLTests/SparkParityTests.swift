import ConfettiCore
import ConfettiGL
import Foundation
import Testing

/// `spark.vert.glsl`, read back through transform feedback, against the Swift evaluator.
///
/// Tolerances, as for confetti (ShaderParityTests): K·ε·M with ε = 2⁻²⁴ and K = 16, M the sum
/// of the magnitudes of each formula's terms:
///
///     x, y:     M = |P0| + Σ|Pi − P0|   (Bernstein weights are at most 1; the record stores
///                                        Pi − P0, each rounded once, quadratics degree-raised)
///     angle:    K·ε·Σ|Pi − P0| / |B'(u)/3| radians (the tangent's error over its length; the
///               shader's tangent is B'/3), plus the driver's atan, budgeted at 1e-5 rad
///               (llvmpipe's is a polynomial; about 3e-6 rad is seen), plus K·ε·180° for the
///               conversion to degrees
///     eased:    the GPU solver's own bound, 2e-6 (six float Newton steps; see below)
///     scale:    |slope of the keyframes| × (eased bound) + K·ε·max|value|
///     opacity:  K·ε·(1 + p) / (fadeEnd − fadeStart), p = t/T: the ramp is 0.03 T wide
///
/// plus, for the time uniform's rounding Δ (the age reaches the shader as float(now − epoch)
/// minus the float delay), each value's rate of change times Δ; alive/dead may differ within
/// Δ of appearing and vanishing.
@Suite struct SparkParityTests {
    static let k = 16.0
    static let eps = Double(Float.ulpOfOne) / 2
    /// Worst error of the GPU's eased progress, asserted below.
    static let easeBound = 2e-6

    struct Kind {
        var timing: SparkTiming
        var sparks: [Spark]
    }

    /// Over 10,000 sparks: classic fireworks of many spark counts and fountains, in viewports
    /// of all sizes, 2,000 launches in all.
    static func kinds() -> [Kind] {
        var rng = SeededGenerator(seed: 77)
        var classic: [Spark] = [], fountain: [Spark] = []
        for _ in 0..<1000 {
            let origin = Point(rng.uniform(0, 3840), rng.uniform(0, 2160))
            var firework = ClassicFirework.standard
            firework.sparkCount = 1 + rng.index(below: 12)
            classic += firework.sparks(at: origin, using: &rng)
            fountain += FountainFirework.standard.sparks(at: origin, using: &rng)
        }
        return [Kind(timing: ClassicFirework.standard.timing, sparks: classic),
                Kind(timing: FountainFirework.standard.timing, sparks: fountain)]
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

    struct Worst {
        var error: [String: Double] = [:]
        var ratio: [String: Double] = [:]
        var samples = 0, before = 0, during = 0, after = 0

        mutating func record(_ field: String, _ error: Double, _ tolerance: Double) {
            self.error[field] = max(self.error[field] ?? 0, error)
            ratio[field] = max(ratio[field] ?? 0, error / tolerance)
        }

        var report: String {
            error.keys.sorted().map { String(format: "%@ %.3g (%.0f%%)", $0, error[$0]!, 100 * ratio[$0]!) }.joined(separator: ", ")
        }
    }

    func compare(epoch: Double) throws -> Worst {
        var worst = Worst()
        let kinds = Self.kinds()
        try SharedGL.run {
            let probe = try SparkProbe(shaders: SharedGL.shaders())
            defer { probe.delete() }
            for kind in kinds {
                for time in Self.launchTimes(for: kind.timing) {
                    let now = epoch + time
                    let gpu = try probe.evaluate(kind.sparks, timing: kind.timing, epoch: epoch, now: now)
                    let launchAge = now - epoch
                    // The shader subtracts the float delay from the float launch age.
                    let delta = abs(Double(Float(launchAge)) - launchAge) + Self.eps * (abs(launchAge) + 1)
                    for (spark, g) in zip(kind.sparks, gpu) {
                        let t = launchAge - spark.delay
                        check(spark, gpu: g, cpu: kind.timing.evaluate(spark, at: t), timing: kind.timing, delta: delta, into: &worst)
                    }
                }
            }
        }
        return worst
    }

    func check(_ spark: Spark, gpu: SparkSample, cpu: SparkSample, timing: SparkTiming, delta: Double, into worst: inout Worst) {
        let (k, eps) = (Self.k, Self.eps)
        let T = timing.duration
        let t = cpu.t
        let u = min(max(t / T, 0), 1)
        worst.samples += 1
        if t < 0 { worst.before += 1 } else if t < T { worst.during += 1 } else { worst.after += 1 }

        let p = spark.curve.points
        let m = abs(p[0].x) + abs(p[0].y) + p.dropFirst().reduce(0) { $0 + abs($1.x - p[0].x) + abs($1.y - p[0].y) }
        let speed = (spark.curve.tangent(at: u) * spark.curve.tangent(at: u)).sum().squareRoot()
        let rate = t > 0 && t < T ? speed / T : 0  // the position only moves inside [0, T]
        let positionTolerance = k * eps * m + rate * delta
        worst.record("x", abs(gpu.x - cpu.x), positionTolerance)
        worst.record("y", abs(gpu.y - cpu.y), positionTolerance)
        #expect(abs(gpu.x - cpu.x) <= positionTolerance && abs(gpu.y - cpu.y) <= positionTolerance, "position at t=\(t): GPU \(gpu) vs CPU \(cpu)")

        var angleError = abs(gpu.angle - cpu.angle)
        angleError = min(angleError, 360 - angleError)
        let md = p.dropFirst().reduce(0) { $0 + abs($1.x - p[0].x) + abs($1.y - p[0].y) }
        let turnRate = t > 0 && t < T ? 10 / T : 0  // generous bound on dθ/dt for these curves
        let angleTolerance = (k * eps * md / max(speed / 3, 1e-9) + 1e-5 + turnRate * delta) * 180 / .pi + k * eps * 180
        worst.record("angle", angleError, angleTolerance)
        #expect(angleError <= angleTolerance, "angle at t=\(t): GPU \(gpu.angle) vs CPU \(cpu.angle)")

        worst.record("eased", abs(gpu.eased - cpu.eased), Self.easeBound)
        #expect(abs(gpu.eased - cpu.eased) <= Self.easeBound + 2 * delta / T, "eased at u=\(u): GPU \(gpu.eased) vs CPU \(cpu.eased)")

        let times = timing.scaleKeyTimes, values = spark.scaleValues
        var slope = 0.0
        for i in 1..<times.count where times[i] > times[i - 1] {
            slope = max(slope, abs(values[i] - values[i - 1]) / (times[i] - times[i - 1]))
        }
        let scaleTolerance = slope * (Self.easeBound + 2 * delta / T) + k * eps * values.map(abs).max()!
        worst.record("scale", abs(gpu.scale - cpu.scale), scaleTolerance)
        #expect(abs(gpu.scale - cpu.scale) <= scaleTolerance, "scale at t=\(t): GPU \(gpu.scale) vs CPU \(cpu.scale)")

        let nearEdge = abs(t) <= delta || abs(t - T) <= delta
        if !nearEdge {
            #expect(gpu.alive == cpu.alive, "alive at t=\(t): GPU \(gpu.alive) vs CPU \(cpu.alive)")
        }
        if gpu.alive == cpu.alive {
            let ramp = (timing.fadeEnd - timing.fadeStart)
            let opacityTolerance = (k * eps * (1 + abs(t / T)) + delta / T) / ramp
            worst.record("opacity", abs(gpu.opacity - cpu.opacity), opacityTolerance)
            #expect(abs(gpu.opacity - cpu.opacity) <= opacityTolerance, "opacity at t=\(t): GPU \(gpu.opacity) vs CPU \(cpu.opacity)")
        }
    }

    @Test func sparkShaderMatchesCPUBeforeDuringAndAfterFlight() throws {
        let worst = try compare(epoch: 0)
        #expect(Self.kinds().reduce(0) { $0 + $1.sparks.count } >= 10_000)
        #expect(worst.before > 1000 && worst.during > 10_000 && worst.after > 1000)
        print("spark parity, \(worst.samples) samples (\(worst.before) before, \(worst.during) during, \(worst.after) after): \(worst.report)")
    }

    @Test func sparkShaderMatchesCPUAfterThirtyDaysOfUptime() throws {
        let worst = try compare(epoch: 30 * 86_400 + 0.987_654_321)
        #expect(worst.during > 10_000)
        print("spark parity after 30 days, \(worst.samples) samples: \(worst.report)")
    }

    @Test func gpuEaseOutSolverStaysWithinItsBoundOverAllProgress() throws {
        // One spark per progress value, 0 to 1 in steps of 1/4096, plus small powers of two.
        let timing = SparkTiming(duration: 1, scaleKeyTimes: [0, 1])
        let curve = Bezier([Point(0, 0), Point(1, 0), Point(2, 0)])
        let progress = (0...4096).map { Double($0) / 4096 } + (1...20).map { pow(2, -Double($0)) }
        let sparks = progress.map { Spark(curve: curve, delay: -$0, scaleValues: [0, 1], size: 1, color: .red, inFront: true) }
        let gpu = try SharedGL.run {
            let probe = try SparkProbe(shaders: SharedGL.shaders())
            defer { probe.delete() }
            return try probe.evaluate(sparks, timing: timing, now: 0)
        }
        var worst = 0.0
        for (p, sample) in zip(progress, gpu) {
            // The shader sees float(0 - float(-p)): p itself, as all of these are floats.
            worst = max(worst, abs(sample.eased - TimingCurve.easeOut.value(at: p)))
        }
        #expect(worst <= Self.easeBound)
        print("GPU ease-out worst error over [0, 1]: \(worst)")
    }
}
