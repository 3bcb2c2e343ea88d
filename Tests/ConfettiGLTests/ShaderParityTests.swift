import ConfettiGL
import ConfettiProof
import Foundation
import GLTestSupport
import Testing

/// `confetti.vert.glsl` against the Swift evaluator, through the one parity harness.
@Suite struct ConfettiParityTests {
    /// 1,200 particles from 40 launches in viewports from 320×240 to 3840×2160.
    static func particles() -> [ConfettiParticle] {
        var rng = SeededGenerator(seed: 2024)
        return (0..<40).flatMap { i -> [ConfettiParticle] in
            let viewport = Size(width: rng.uniform(320, 3840).rounded(), height: rng.uniform(240, 2160).rounded())
            let burst = i.isMultiple(of: 2) ? ConfettiLaunch.standard : .mixedShapes
            return burst.spawn(in: viewport, seed: rng.next())
        }
    }

    /// Random ages in [-0.1, 1.6] s, plus the edges: a microsecond before birth, birth, the
    /// start of the fade, three ages inside it, the last float before death, death. (Not the
    /// float just below zero: it is a denormal, which GPUs may flush to zero.)
    static func ages() -> [Double] {
        var rng = SeededGenerator(seed: 99)
        let random = (0..<12).map { _ in Double(Float(rng.uniform(-0.1, 1.6))) }
        let edges: [Float] = [-0.1, -1e-6, 0, 1.1, 1.2, 1.3, 1.45, Float(1.5).nextDown, 1.5, 1.6]
        return random + edges.map(Double.init)
    }

    func check(epoch: Double, ages: [Double] = Self.ages()) async throws -> ParityHarness.Report {
        try await ParityHarness.check(ConfettiKind.self, particles: Self.particles(), uniforms: .standard, epoch: epoch, times: ages)
    }

    @Test func vertexShaderMatchesCPUEvaluatorFromBirthThroughDeath() async throws {
        let report = try await check(epoch: 0)
        #expect(report.samples == 1_200 * 22)
        #expect(report.rebased == 0, "at epoch 0 the ages reach the shader exactly")
        #expect(report.fading >= 4 * 1_200, "the fade is sampled")
        print("confetti parity at start, \(report.samples) samples: \(report)")
    }

    @Test func vertexShaderMatchesCPUEvaluatorAfterThirtyDaysOfUptime() async throws {
        // Ages that are no float, so that the float time uniform really rounds them.
        let report = try await check(epoch: 30 * 86_400 + 0.987_654_321, ages: Self.ages().map { $0 + 1.234_567e-7 })
        #expect(report.samples == 1_200 * 22)
        // The float time path moved most ages, by at most the rounding of a few seconds.
        #expect(report.rebased > report.samples / 2 && report.largestTimeRounding < 1e-6)
        print("confetti parity after 30 days, \(report.samples) samples: \(report)")
    }

    /// Pieces born apart, as an emitter would launch them: the record's 16-bit birth decodes
    /// on the GPU to exactly the stored birth the reference ages the piece from. (Births within
    /// 0.1 s, so that no age is further before birth than the other tests' −0.1 s: there the
    /// closed form's exp(drag·|t|) outgrows the error scales, which are for drawn ages.)
    @Test func vertexShaderMatchesCPUEvaluatorForPiecesBornApart() async throws {
        var rng = SeededGenerator(seed: 2025)
        var pieces = Array(Self.particles().prefix(300))
        for i in pieces.indices { pieces[i].birth = rng.uniform(0.05, 0.15) }
        let clocks = (0..<10).map { _ in Double(Float(rng.uniform(0.05, 1.7))) } + [0.05, 0.1, 1.6]
        let report = try await ParityHarness.check(ConfettiKind.self, particles: pieces, uniforms: .standard, epoch: 0, times: clocks)
        #expect(report.samples == 300 * 13)
        #expect(report.aliveSamples > 300 * 2 && report.aliveSamples < 300 * 13, "born and unborn or dead pieces are both sampled")
        print("confetti parity, pieces born apart, \(report.samples) samples: \(report)")
    }
}

/// `spark.vert.glsl` against the Swift evaluator, through the one parity harness.
@Suite struct SparkParityTests {
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

/// `Shaders/easing.glsl` solves every timing curve an effect file accepts to within 2e-6.
@Suite struct EasingSolverTests {
    /// Progress values: a grid, small powers of two, values just below 1, and random floats.
    static let progress: [Double] = {
        var rng = SeededGenerator(seed: 8)
        let grid = (0...256).map { Double($0) / 256 }
        let small = (1...40).map { pow(2, -Double($0)) }
        let nearOne = (1...23).map { 1 - pow(2, -Double($0)) }
        return grid + small + nearOne + (0..<60).map { _ in Double(Float(rng.unit())) }
    }()

    /// The worst |GPU − CPU| eased progress of each curve.
    func worstErrors(_ curves: [TimingCurve]) async throws -> [Double] {
        let line = Bezier([Point(0, 0), Point(1, 0), Point(2, 0)])
        // Spark k is delayed by −p, so at launch time 0 its progress is exactly p.
        let sparks = Self.progress.map { Spark(curve: line, delay: -$0, scaleValues: [0, 1], size: 1, color: .red, inFront: true) }
        return try await SharedGL.run {
            let probe = try FeedbackProbe<SparkKind>(shaders: SharedGL.shaders())
            defer { probe.delete() }
            return try curves.map { curve in
                let timing = SparkTiming(duration: 1, scaleKeyTimes: [0, 1], easing: curve)
                let gpu = try probe.evaluate(sparks, uniforms: timing, now: 0)
                return zip(Self.progress, gpu).map { abs($1.eased - curve.value(at: $0)) }.max()!
            }
        }
    }

    @Test func everyAcceptedCurveIsSolvedWithinTwoMillionths() async throws {
        var rng = SeededGenerator(seed: 1_000)
        let extremes = [TimingCurve(0, 0, 1, 1), TimingCurve(1, 0, 0, 1), TimingCurve(0, 1, 1, 0), TimingCurve(1, 0, 1, 1),
                        TimingCurve(0, 1, 0, 1), .easeOut, TimingCurve(0.42, 0, 1, 1), TimingCurve(0.42, 0, 0.58, 1),
                        TimingCurve(1, -10, 0, 10), TimingCurve(1, 10, 0, -10), TimingCurve(0, -10, 1, 10), TimingCurve(1, 0, 0.000001, 1)]
            // Nearly flat at one end, so that the solver's first guess and its steps both matter.
            + [1e-4, 1e-3, 1e-2].flatMap { d in
                [TimingCurve(d, 0, 0.6, 1), TimingCurve(d, 10, 0.3, -10), TimingCurve(0.4, 0, 1 - d, 1), TimingCurve(0.7, -10, 1 - d, 10)]
            }
        let random = (0..<1_000).map { _ in
            TimingCurve(rng.unit(), rng.uniform(-10, 10), rng.unit(), rng.uniform(-10, 10))
        }
        let errors = try await worstErrors(extremes + random)
        for (curve, error) in zip(extremes + random, errors) {
            #expect(error <= SparkTiming.easedBound, "curve \(curve): worst eased error \(error)")
        }
        let worstExtreme = errors.prefix(extremes.count).max()!, worst = errors.max()!
        print(String(format: "easing: %d curves × %d progress values, worst GPU−CPU eased error %.2e (extremes %.2e)", errors.count, Self.progress.count, worst, worstExtreme))
    }
}
