import ConfettiGL
import ConfettiProof
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// `Shaders/easing.glsl` solves every timing curve an effect file accepts to within 2e-6.
@Suite(.tags(.math)) struct EasingSolverTests {
    /// Progress values: a grid, small powers of two, values just below 1, and random floats.
    static let progress: [Double] = {
        var rng = SeededGenerator(seed: 8)
        let grid = (0...256).map { Double($0) / 256 }
        let small = (1...40).map { pow(2, -Double($0)) }
        let nearOne = (1...23).map { 1 - pow(2, -Double($0)) }
        return grid + small + nearOne + (0..<60).map { _ in Double(Float(rng.unit())) }
    }()

    /// The worst |GPU − CPU| eased progress of each curve. The shader runs in turns of the
    /// shared context, a group of curves a turn; unpacking its outputs and solving the curves
    /// on the CPU happen between turns.
    func worstErrors(_ curves: [TimingCurve]) async throws -> [Double] {
        let line = Bezier([Point(0, 0), Point(1, 0), Point(2, 0)])
        // Spark k is delayed by −p, so at launch time 0 its progress is exactly p.
        let sparks = Self.progress.map { Spark(curve: line, delay: -$0, scaleValues: [0, 1], size: 1, color: .red, inFront: true) }
        let probe = try await SharedGL.run { try FeedbackProbe<SparkKind>(shaders: SharedGL.shaders()) }
        var errors: [Double] = []
        do {
            for group in stride(from: 0, to: curves.count, by: 64).map({ curves[$0..<min($0 + 64, curves.count)] }) {
                let captures = try await SharedGL.run {
                    try group.map { curve in
                        try probe.capture(sparks, uniforms: SparkTiming(duration: 1, scaleKeyTimes: [0, 1], easing: curve), now: 0)
                    }
                }
                for (curve, capture) in zip(group, captures) {
                    errors.append(zip(Self.progress, capture.probed).map { abs($1.sample.eased - curve.value(at: $0)) }.max()!)
                }
            }
        } catch {
            try await SharedGL.run { probe.delete() }
            throw error
        }
        try await SharedGL.run { probe.delete() }
        return errors
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
